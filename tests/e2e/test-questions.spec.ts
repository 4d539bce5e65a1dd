import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";

/**
 * A business's own test questions on the AI training page: the operator teaches an answer, adds a
 * question with the fact its answer must hold, runs it and sees it pass with the answer Alex gave;
 * then changes the answer so it loses the fact, and the page says one of one now fails.
 */
const CASES = {
  he: {
    viewport: PHONE,
    faq: {
      q: "מתי אתם פתוחים ביום שישי?",
      a: "ביום שישי אנחנו פתוחים משמונה בבוקר עד 13:30.",
      changed: "ביום שישי אנחנו פתוחים משמונה בבוקר עד 14:00.",
    },
    fact: "13:30",
    text: {
      questionRow: "שאלה 1",
      answerRow: "תשובה 1",
      save: "שמור אימון",
      saved: "האימון נשמר",
      section: "שאלות בדיקה",
      addSection: "שאלת בדיקה חדשה",
      question: "שאלה",
      fact: "התשובה חייבת לכלול",
      add: "הוספת שאלת בדיקה",
      added: "שאלת הבדיקה נוספה",
      run: "הרצה עכשיו",
      ran: "1 מתוך 1 שאלות הבדיקה עוברות",
      first: "שאלת בדיקה 1",
      passes: "עוברת",
      fails: "נכשלת",
      nowFail: "1 מתוך 1 שאלות הבדיקה נכשלות עכשיו",
    },
  },
  en: {
    viewport: DESKTOP,
    faq: {
      q: "When are you open on Friday?",
      a: "On Friday we are open from eight until 13:30.",
      changed: "On Friday we are open from eight until 14:00.",
    },
    fact: "13:30",
    text: {
      questionRow: "Question 1",
      answerRow: "Answer 1",
      save: "Save training",
      saved: "Training saved",
      section: "Test questions",
      addSection: "New test question",
      question: "Question",
      fact: "The answer must hold",
      add: "Add test question",
      added: "Test question added",
      run: "Run now",
      ran: "1 of 1 test questions pass",
      first: "Test question 1",
      passes: "Passes",
      fails: "Fails",
      nowFail: "1 of 1 test questions now fail",
    },
  },
} as const;

for (const language of ["he", "en"] as const) {
  const c = CASES[language];
  test(`(${language}) a test question passes, then fails after a training change removes its fact`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(c.viewport);
    await signIn();
    const created = await page.request.post("/api/clients", {
      data: {
        businessName: `Test questions bakery ${language} ${Date.now().toString(36)}`,
        ownerEmail: "tests@bakery.example",
        websiteDomain: "tests-bakery.example",
        businessType: "retail",
      },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: number };

    await gotoHydrated(page, `/admin/ai-training?clientId=${client.id}&lng=${language}`);
    await page.getByLabel(c.text.questionRow, { exact: true }).fill(c.faq.q);
    await page.getByLabel(c.text.answerRow, { exact: true }).fill(c.faq.a);
    await page.getByRole("button", { name: c.text.save }).click();
    await expect(page.getByText(c.text.saved, { exact: true })).toBeVisible();

    const section = page.getByRole("region", { name: c.text.section, exact: true });
    const add = section.getByRole("region", { name: c.text.addSection });
    await add.getByLabel(c.text.question, { exact: true }).fill(c.faq.q);
    await add.getByLabel(c.text.fact, { exact: true }).fill(c.fact);
    await add.getByRole("button", { name: c.text.add }).click();
    await expect(page.getByText(c.text.added, { exact: true })).toBeVisible();

    await section.getByRole("button", { name: c.text.run }).click();
    await expect(page.getByText(c.text.ran, { exact: true })).toBeVisible();
    const first = section.getByRole("region", { name: c.text.first });
    await expect(first.getByText(c.text.passes, { exact: true })).toBeVisible();
    await expect(first.getByText(c.faq.a)).toBeVisible();
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/test-questions-pass-${language}.png` });

    // The answer loses its fact: the run after the save fails the question, and the page says so.
    await page.getByLabel(c.text.answerRow, { exact: true }).fill(c.faq.changed);
    await page.getByRole("button", { name: c.text.save }).click();
    await expect(page.getByText(c.text.saved, { exact: true })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(c.text.nowFail, { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(first.getByText(c.text.fails, { exact: true })).toBeVisible();
    await expect(first.getByText(c.faq.changed)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByText(c.text.nowFail, { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/test-questions-fail-${language}.png` });
  });
}
