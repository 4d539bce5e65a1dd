import { expect, expectNoAxeViolations, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * Saved replies end to end: an operator adds a shared reply on the saved-replies page, takes a widget
 * conversation over, types `/` and the start of its name in the reply box, inserts it with the
 * visitor's name filled in, sends it with Enter; the box empties, says the reply reached the
 * visitor's chat, and the visitor's widget shows it.
 */
const SCREENS = process.env.SCREENS_DIR ?? "screenshots/saved-replies";

const TEXTS = {
  he: {
    input: "ההודעה שלך",
    first: "היי, קוראים לי דנה",
    consent: "אני מסכים/ה ש",
    visitorName: "דנה",
    name: "שם",
    textHe: "הטקסט בעברית",
    textEn: "הטקסט באנגלית",
    addTitle: "הוספת תשובה שמורה",
    add: "הוספת תשובה",
    takeOver: "השתלט/י על השיחה",
    handBack: "החזר/י ל-Alex",
    reply: "התשובה שלך",
    savedReplies: "תשובות שמורות",
    delivered: "נמסרה לצ'אט של המבקר/ת.",
    lastReply: "התשובה האחרונה שלך",
  },
  en: {
    input: "Your message",
    first: "Hi, my name is Dana",
    consent: "I agree that",
    visitorName: "Dana",
    name: "Name",
    textHe: "Text in Hebrew",
    textEn: "Text in English",
    addTitle: "Add a saved reply",
    add: "Add reply",
    takeOver: "Take over",
    handBack: "Hand back to Alex",
    reply: "Your reply",
    savedReplies: "Saved replies",
    delivered: "Delivered to the visitor's chat.",
    lastReply: "Your last reply",
  },
} as const;

const REPLY = {
  he: "שלום {visitor_name}, כאן נועה מהצוות. איך אפשר לעזור?",
  en: "Hi {visitor_name}, Noa from the team here. How can I help?",
};

/** The operator's screen: a phone in Hebrew, a laptop in English. */
const SCREENS_BY_LANGUAGE = { he: ["phone", PHONE], en: ["desktop", { width: 1366, height: 900 }] } as const;

let license: string;

test.beforeAll(async ({ request }) => {
  const html = await (await request.get("/invest-he")).text();
  license = /license=(alex_[0-9a-f]{32})/.exec(html)![1]!;
});

for (const language of ["he", "en"] as const) {
  const text = TEXTS[language];

  test(`(${language}) an operator inserts a saved reply with / and the visitor reads it filled in`, async ({
    page,
    signIn,
    browser,
  }) => {
    const [width, viewport] = SCREENS_BY_LANGUAGE[language];
    const name = `greet${language}${Date.now().toString(36)}`;
    await page.setViewportSize(viewport);
    await signIn();

    // The saved reply: shared (the form's default), so the public demo's conversations offer it too.
    await gotoHydrated(page, `/admin/saved-replies?lng=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: text.savedReplies })).toBeVisible();
    const addForm = page.getByRole("region", { name: text.addTitle });
    await addForm.getByRole("textbox", { name: text.name }).fill(name);
    await addForm.getByRole("textbox", { name: text.textHe }).fill(REPLY.he);
    await addForm.getByRole("textbox", { name: text.textEn }).fill(REPLY.en);
    await addForm.getByRole("button", { name: text.add }).click();
    await expect(page.getByRole("heading", { level: 3, name: `/${name}` })).toBeVisible();
    // Added: the form is empty for the next one; each text is written in its own direction.
    await expect(addForm.getByRole("textbox", { name: text.name })).toHaveValue("");
    await expect(addForm.getByRole("textbox", { name: text.textEn })).toHaveAttribute("dir", "ltr");
    await expect(addForm.getByRole("textbox", { name: text.textHe })).toHaveAttribute("dir", "rtl");
    await expect(page.getByText(REPLY[language]).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/saved-replies-${language}-${width}.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    // A visitor who gave their name in the widget.
    const visitorContext = await browser.newContext({ viewport: PHONE });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/api/wordpress/chat-ui?license=${license}&lang=${language}`);
    const input = visitor.getByRole("textbox", { name: text.input });
    const log = visitor.getByRole("log");
    // The business keeps the name only with the visitor's consent.
    await visitor.getByRole("checkbox", { name: text.consent, exact: false }).check();
    await input.fill(text.first);
    await input.press("Enter");
    const storedSession = () => visitor.evaluate((key) => localStorage.getItem(key), `alex:${license}:session`);
    await expect.poll(storedSession, { timeout: 20_000 }).toMatch(/^sess_/);
    const sessionId = (await storedSession())!;
    await expect(log.locator(".message.assistant > span").last()).toContainText(/\S/);

    await gotoHydrated(page, `/admin/session/${sessionId}?lng=${language}`);
    await page.getByRole("button", { name: text.takeOver }).click();
    await expect(page.getByRole("button", { name: text.handBack })).toBeVisible();
    const replyBox = page.getByRole("textbox", { name: text.reply });
    await expect(replyBox).toBeFocused();

    // `/` and the start of the name open the list; the new reply is its option, chosen with Enter.
    await replyBox.pressSequentially(`/${name.slice(0, 8)}`);
    const list = page.getByRole("listbox", { name: text.savedReplies });
    await expect(list).toBeVisible();
    const option = list.getByRole("option", { name: new RegExp(`/${name}`) });
    await expect(option).toBeVisible();
    await expect(replyBox).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    // Arrow down then up comes back to the same option (wrapping when it is the only one).
    await replyBox.press("ArrowDown");
    await replyBox.press("ArrowUp");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/reply-box-${language}-${width}.png` });
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    // Escape closes the list without touching the text; a new `/` opens it again.
    await replyBox.press("Escape");
    await expect(list).toBeHidden();
    await expect(replyBox).toHaveValue(`/${name.slice(0, 8)}`);
    await replyBox.fill("");
    await replyBox.pressSequentially(`/${name}`);
    await expect(option).toHaveAttribute("aria-selected", "true");
    await replyBox.press("Enter");
    const filled = REPLY[language].replace("{visitor_name}", text.visitorName);
    await expect(replyBox).toHaveValue(filled);
    await expect(list).toBeHidden();

    // Shift+Enter is a new line; Enter sends; the box empties and says the reply reached the chat.
    await replyBox.press("End");
    await replyBox.press("Shift+Enter");
    await expect(replyBox).toHaveValue(`${filled}\n`);
    await replyBox.press("Backspace");
    await replyBox.press("Enter");
    await expect(log.getByText(filled)).toBeVisible({ timeout: 15_000 });
    await expect(replyBox).toHaveValue("");
    // The box's own line under it, beside the toast that said the same.
    const status = page.getByRole("status").filter({ hasText: text.lastReply });
    await expect(status).toContainText(text.delivered);
    await expect(page.getByText(filled)).toHaveCount(1);
    await visitor.screenshot({ path: `${SCREENS}/visitor-${language}-phone.png` });

    await page.getByRole("button", { name: text.handBack }).click();
    await visitorContext.close();
  });
}
