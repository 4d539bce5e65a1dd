import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, htmlDirection, PHONE, test } from "./fixtures.ts";
import { signInToNewBusiness, type BusinessRoleName } from "./portal-fixtures.ts";

/**
 * A business's person works its own conversation in the portal: a new one counts on the navigation
 * live, they open it from the list, take it over, reply (the visitor reads it in the widget), and
 * hand it back to Alex, the hand-over log naming them.
 */
const SHOTS = process.env.SCREENS_DIR ?? "/tmp/shots-portal-conversations";
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  he: {
    input: "ההודעה שלך",
    first: "יש לכם עוגות ללא גלוטן?",
    menu: "פתיחת תפריט",
    conversations: "שיחות",
    oneNew: "חדש אחד",
    details: "פרטים",
    heading: "שיחה",
    takeOver: "השתלט/י על השיחה",
    handBack: "החזר/י ל-Alex",
    reply: "התשובה שלך",
    send: "שליחה",
    operatorReply: "שלום, כאן דנה מהמאפייה",
    joined: "נציג/ה הצטרף/ה לשיחה",
    back: "Alex חזר לשיחה",
    alexAnswers: "Alex עונה בשיחה הזו.",
    tookOver: "השתלט/ה",
  },
  en: {
    input: "Your message",
    first: "Do you have gluten-free cakes?",
    menu: "Open menu",
    conversations: "Conversations",
    oneNew: "1 new",
    details: "Details",
    heading: "Conversation",
    takeOver: "Take over",
    handBack: "Hand back to Alex",
    reply: "Your reply",
    send: "Send",
    operatorReply: "Hi, Dana from the bakery here",
    joined: "A team member joined the chat",
    back: "Alex is back",
    alexAnswers: "Alex answers this conversation.",
    tookOver: "took over",
  },
} as const;

type Language = keyof typeof TEXT;

/** The navigation: the side bar on a desktop, the menu's dialog on a phone. */
async function navigation(page: Page, phone: boolean, language: Language) {
  if (!phone) return page.getByRole("navigation").last();
  await page.getByRole("button", { name: TEXT[language].menu }).click();
  return page.getByRole("dialog");
}

for (const [language, device, viewport, role] of [
  ["he", "phone", PHONE, "business_staff"],
  ["en", "desktop", DESKTOP, "business_owner"],
  ["en", "phone", PHONE, "business_owner"],
  ["he", "desktop", DESKTOP, "business_staff"],
] as const satisfies readonly (readonly [Language, string, typeof PHONE, BusinessRoleName])[]) {
  test(`a business's ${role} takes over its own conversation, replies and hands back (${language}, ${device})`, async ({
    page,
    signIn,
    browser,
  }) => {
    const text = TEXT[language];
    const phone = device === "phone";
    await page.setViewportSize(viewport);
    await signIn();
    const { business, person } = await signInToNewBusiness(page, { role, name: "Conversations bakery" });
    await gotoHydrated(page, `/portal?lng=${language}`);
    expect(await htmlDirection(page)).toBe(language === "he" ? "rtl" : "ltr");

    // A visitor writes on the business's website: a new conversation.
    const visitorContext = await browser.newContext({ viewport: PHONE });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/api/wordpress/chat-ui?license=${business.licenseKey}&lang=${language}`);
    const input = visitor.getByRole("textbox", { name: text.input });
    const log = visitor.getByRole("log");
    await input.fill(text.first);
    await input.press("Enter");
    const storedSession = () =>
      visitor.evaluate((key) => localStorage.getItem(key), `alex:${business.licenseKey}:session`);
    await expect.poll(storedSession, { timeout: 20_000 }).toMatch(/^sess_/);
    const sessionId = (await storedSession())!;

    // The portal heard it live: the navigation counts one new conversation; its page lists it.
    const nav = await navigation(page, phone, language);
    const conversationsLink = nav.getByRole("link", { name: text.conversations });
    await expect(conversationsLink).toContainText(text.oneNew, { timeout: 15_000 });
    await conversationsLink.click();
    await expect(page).toHaveURL("/portal/conversations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.conversations);
    await expect(page.getByTitle(sessionId, { exact: true }).filter({ visible: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/list-${language}-${device}.png`, fullPage: true });

    await page.getByRole("link", { name: text.details }).first().click();
    const conversationPage = `/portal/conversations/${sessionId}`;
    await expect(page).toHaveURL(conversationPage);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(text.heading);
    await expect(page.getByText(text.first)).toBeVisible();
    await expect(page.getByText(text.alexAnswers)).toBeVisible();

    await page.getByRole("button", { name: text.takeOver }).click();
    await expect(page.getByRole("button", { name: text.handBack })).toBeVisible();
    await expect(page).toHaveURL(conversationPage);
    await expect(log).toContainText(text.joined, { timeout: 15_000 });
    const replyBox = page.getByRole("textbox", { name: text.reply });
    await expect(replyBox).toBeInViewport();
    await replyBox.fill(text.operatorReply);
    await page.getByRole("button", { name: text.send }).click();
    await expect(log.getByText(text.operatorReply)).toBeVisible({ timeout: 15_000 });
    await expect(replyBox).toHaveValue("");
    await expect(page.getByText(text.operatorReply)).toHaveCount(1);
    // The hand-over log names the business's person who took it over.
    await expect(page.getByText(`${person.displayName} ${text.tookOver}`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/conversation-${language}-${device}.png`, fullPage: true });

    await page.getByRole("button", { name: text.handBack }).click();
    await expect(page.getByText(text.alexAnswers)).toBeVisible();
    await expect(page.getByRole("button", { name: text.takeOver })).toBeVisible();
    await expect(log).toContainText(text.back, { timeout: 15_000 });
    await visitorContext.close();
  });
}
