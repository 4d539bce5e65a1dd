import type { Page } from "@playwright/test";
import { DESKTOP, expect, gotoHydrated, PHONE, test, visitorAddress } from "./fixtures.ts";
import { newBusiness, signInToNewBusiness } from "./portal-fixtures.ts";

/**
 * The inbox end to end: a visitor asks for a person with the widget's button; the operator with the
 * inbox open sees the row arrive and the tab's title count go up without a reload, takes it, replies,
 * the visitor reads it, and hands it back. A business's person sees only its own conversations.
 */
const SHOTS = process.env.SCREENS_DIR ?? "screenshots/inbox";

const TEXT = {
  he: {
    live: "בזמן אמת",
    talkToPerson: "לדבר עם נציג",
    joining: "מישהו יצטרף לשיחה בעוד רגע",
    waiting: "מחכה לנציג",
    takeOver: "השתלט/י על השיחה",
    reply: "התשובה שלך",
    send: "שליחה",
    handBack: "החזר/י ל-Alex",
    joined: "נציג/ה הצטרף/ה לשיחה",
    back: "Alex חזר לשיחה",
    operatorReply: "שלום, כאן נועה מהצוות",
    inbox: "תיבת הפניות",
    delivered: "נמסרה לצ'אט של המבקר/ת.",
  },
  en: {
    live: "Live",
    talkToPerson: "Talk to a person",
    joining: "someone will join this conversation in a moment",
    waiting: "Waiting for a person",
    takeOver: "Take over",
    reply: "Your reply",
    send: "Send",
    handBack: "Hand back to Alex",
    joined: "A team member joined the chat",
    back: "Alex is back",
    operatorReply: "Hi, this is Noa from the team",
    inbox: "Inbox",
    delivered: "Delivered to the visitor's chat.",
  },
} as const;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scroll").toBeLessThanOrEqual(0);
}

for (const [language, device, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  const text = TEXT[language];

  test(`(${language}, ${device}) a visitor asks for a person, the operator's inbox hears it, takes it and hands back`, async ({
    page,
    signIn,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    await signIn();
    const business = await newBusiness(page, "Inbox bakery");
    // The inbox of this business alone: other tests' visitors wait in their own.
    const inbox = `/admin/inbox?clientId=${business.id}&lng=${language}`;
    await gotoHydrated(page, inbox);
    await expect(page.getByText(text.live, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle(new RegExp(`^${text.inbox} \\| Alex$`));

    const visitorContext = await browser.newContext({
      viewport: PHONE,
      extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/api/wordpress/chat-ui?license=${business.licenseKey}&lang=${language}`);
    const log = visitor.getByRole("log");
    await visitor.getByRole("button", { name: text.talkToPerson }).click();
    // Someone with the inbox open and no hours set: the visitor is told a person joins now.
    await expect(log).toContainText(text.joining, { timeout: 20_000 });
    const storedSession = () =>
      visitor.evaluate((key) => localStorage.getItem(key), `alex:${business.licenseKey}:session`);
    await expect.poll(storedSession, { timeout: 20_000 }).toMatch(/^sess_/);
    const sessionId = (await storedSession())!;

    // No reload: the row arrives, waiting, and the tab's title counts it.
    const row = page.locator(`a[href="/admin/session/${sessionId}"]`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText(text.waiting);
    await expect(page).toHaveTitle(new RegExp(`^\\(1\\) ${text.inbox} \\| Alex$`));
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/admin-inbox-${language}-${device}.png`, fullPage: true });

    await row.click();
    await expect(page).toHaveURL(`/admin/session/${sessionId}`);
    await page.getByRole("button", { name: text.takeOver }).click();
    await expect(log).toContainText(text.joined, { timeout: 15_000 });
    await page.getByRole("textbox", { name: text.reply }).fill(text.operatorReply);
    await page.getByRole("button", { name: text.send }).click();
    await expect(log.getByText(text.operatorReply)).toBeVisible({ timeout: 15_000 });
    // The reply stands in the conversation with whether it reached the visitor.
    const reply = page.getByRole("listitem").filter({ hasText: text.operatorReply });
    await expect(reply.getByText(text.delivered, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/admin-conversation-${language}-${device}.png`, fullPage: true });
    await page.getByRole("button", { name: text.handBack }).click();
    await expect(log).toContainText(text.back, { timeout: 15_000 });

    // Back in the inbox, nobody waits any more.
    await gotoHydrated(page, inbox);
    await expect(page).toHaveTitle(new RegExp(`^${text.inbox} \\| Alex$`));
    await expect(page.locator(`a[href="/admin/session/${sessionId}"]`)).not.toContainText(text.waiting);
    await visitorContext.close();
  });
}

test("a business's person sees only its own conversations in its inbox", async ({ page, signIn }) => {
  await page.setViewportSize(PHONE);
  await signIn();
  const other = await newBusiness(page, "Other inbox garage");
  const { business } = await signInToNewBusiness(page, { role: "business_staff", name: "Own inbox bakery" });
  const ask = async (license: string) => {
    const response = await page.request.post("/api/wordpress/messages", {
      headers: { "X-Forwarded-For": visitorAddress() },
      data: { license, sessionId: null, clientMessageId: crypto.randomUUID(), message: "Can I talk to a human?" },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { sessionId: string }).sessionId;
  };
  const mine = await ask(business.licenseKey);
  const theirs = await ask(other.licenseKey);
  await gotoHydrated(page, `/portal/inbox?lng=en&clientId=${other.id}`);
  await expect(page.locator(`a[href="/portal/conversations/${mine}"]`)).toContainText(TEXT.en.waiting);
  await expect(page.locator(`a[href*="${theirs}"]`)).toHaveCount(0);
  await expect(page).toHaveTitle(/^\(1\) Inbox \| Alex$/);
  await expectNoSidewaysScroll(page);
});
