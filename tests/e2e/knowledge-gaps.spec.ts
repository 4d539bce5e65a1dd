import type { Page } from "@playwright/test";
import { DESKTOP, expect, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * The answer-quality loop in the back-office: a visitor's question Alex cannot answer appears under
 * its client's knowledge gaps on the AI training page; the operator answers it there; a new visitor
 * asking the same in other words gets that answer, and the session page shows the FAQ entry it came from.
 */
const CASES = {
  he: {
    viewport: PHONE,
    asked: "אתם עושים משלוחים לחיפה?",
    again: "יש משלוח לחיפה?",
    answer: "כן, משלוח לחיפה מגיע תוך יומיים.",
    text: {
      gaps: "פערי ידע",
      answerThis: "לענות על זה",
      answerRow: "תשובה 1",
      questionRow: "שאלה 1",
      save: "שמור אימון",
      saved: "האימון נשמר",
    },
    answered: "נענו",
    source: "שאלה נפוצה:",
  },
  en: {
    viewport: DESKTOP,
    asked: "Do you deliver to Haifa?",
    again: "Is there delivery to Haifa?",
    answer: "Yes, delivery to Haifa takes two days.",
    text: {
      gaps: "Knowledge gaps",
      answerThis: "Answer this",
      answerRow: "Answer 1",
      questionRow: "Question 1",
      save: "Save training",
      saved: "Training saved",
    },
    answered: "Answered",
    source: "FAQ:",
  },
} as const;

let visitor = 0;

/** A new visitor's message through the widget's chat API: the reply and its session. */
async function ask(page: Page, licenseKey: string, message: string, workerIndex: number) {
  const response = await page.request.post("/api/wordpress/messages", {
    headers: { "X-Forwarded-For": `198.18.${workerIndex + 170}.${(++visitor % 250) + 1}` },
    data: { license: licenseKey, sessionId: null, clientMessageId: crypto.randomUUID(), message },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { reply: string; sessionId: string };
}

for (const language of ["he", "en"] as const) {
  const c = CASES[language];
  test(`(${language}) an unanswered question becomes a gap; answered in the FAQ, the next visitor gets the answer with its source`, async ({
    page,
    signIn,
  }, testInfo) => {
    await page.setViewportSize(c.viewport);
    await signIn();
    const created = await page.request.post("/api/clients", {
      data: {
        businessName: `Gap bakery ${language} ${Date.now().toString(36)}`,
        ownerEmail: "gaps@bakery.example",
        websiteDomain: "gaps-bakery.example",
        businessType: "retail",
      },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: number; licenseKey: string };

    const first = await ask(page, client.licenseKey, c.asked, testInfo.workerIndex);
    expect(first.reply).not.toContain(c.answer);

    await gotoHydrated(page, `/admin/ai-training?clientId=${client.id}&lng=${language}`);
    const gaps = page.getByRole("region", { name: c.text.gaps });
    const gap = gaps.getByRole("listitem").filter({ hasText: c.asked });
    await expect(gap).toBeVisible();
    await gap.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/knowledge-gaps-${language}.png` });
    await gap.getByRole("link", { name: c.text.answerThis }).click();

    // The editor opened for the gap holds its question, waiting for the answer.
    await expect(page.getByLabel(c.text.questionRow, { exact: true })).toHaveValue(c.asked);
    await page.getByLabel(c.text.answerRow, { exact: true }).fill(c.answer);
    await page.getByRole("button", { name: c.text.save }).click();
    await expect(page.getByText(c.text.saved, { exact: true })).toBeVisible();
    await expect(gaps.getByRole("heading", { name: c.answered })).toBeVisible();
    await expect(gaps.getByRole("link", { name: c.text.answerThis })).toHaveCount(0);

    const next = await ask(page, client.licenseKey, c.again, testInfo.workerIndex);
    expect(next.reply).toContain(c.answer);

    await gotoHydrated(page, `/admin/session/${next.sessionId}?lng=${language}`);
    const source = page.getByRole("link", { name: `${c.source} ${c.asked}` });
    await expect(source).toBeVisible();
    await source.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/reply-source-${language}.png` });
  });
}
