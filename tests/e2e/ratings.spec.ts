import {
  DESKTOP,
  expectNoAxeViolations,
  expect,
  gotoHydrated,
  PHONE,
  SEED_CLIENT_NAME,
  seedClientLicense,
  test,
  visitorAddress,
} from "./fixtures.ts";

/**
 * "How did we do?" end to end: an operator closes a visitor's widget conversation, the widget asks
 * at once in the visitor's language (five faces as a radio group, an optional comment), the visitor
 * rates it 2 with a comment, and analytics shows that rating for the client, the conversation among
 * the lowest rated. Hebrew on a phone, English on a desktop.
 */
const SCREENS = process.env.SCREENS_DIR ?? "screenshots/ratings";

const TEXTS = {
  he: {
    screen: PHONE,
    input: "ההודעה שלך",
    question: "מה שעות הפתיחה שלכם?",
    close: "סגירת השיחה",
    closed: "השיחה נסגרה.",
    rating: "איך היה השירות?",
    faces: ["גרוע מאוד", "לא טוב", "בסדר", "טוב", "מצוין"],
    comment: "רוצים להוסיף משהו? (לא חובה)",
    commentText: "לא קיבלתי תשובה על השעות",
    send: "שליחת הדירוג",
    thanks: "תודה שדירגת את השיחה!",
    section: "איך היה השירות? דירוגי המבקרים",
    average: "2.0 מתוך 5",
    open: `פתיחת השיחה עם ${SEED_CLIENT_NAME}`,
  },
  en: {
    screen: DESKTOP,
    input: "Your message",
    question: "When are you open?",
    close: "Close conversation",
    closed: "Conversation closed.",
    rating: "How did we do?",
    faces: ["Very bad", "Bad", "Okay", "Good", "Very good"],
    comment: "Anything to add? (optional)",
    commentText: "I got no answer about the hours",
    send: "Send rating",
    thanks: "Thank you for rating the conversation!",
    section: "How did we do? Visitors' ratings",
    average: "2.0 of 5",
    open: `Open the conversation with ${SEED_CLIENT_NAME}`,
  },
} as const;

for (const language of ["he", "en"] as const) {
  const text = TEXTS[language];

  test(`(${language}) a visitor rates a conversation an operator closed, and analytics shows it`, async ({
    page,
    signIn,
    browser,
    operatorSessionCookies,
  }) => {
    const license = await seedClientLicense(page.request, operatorSessionCookies);
    const visitorContext = await browser.newContext({
      viewport: text.screen,
      extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/api/wordpress/chat-ui?license=${license}&lang=${language}`);
    const input = visitor.getByRole("textbox", { name: text.input });
    await input.fill(text.question);
    await input.press("Enter");
    const storedSession = () => visitor.evaluate((key) => localStorage.getItem(key), `alex:${license}:session`);
    await expect.poll(storedSession, { timeout: 20_000 }).toMatch(/^sess_/);
    const sessionId = (await storedSession())!;
    await expect(visitor.getByRole("log").locator(".message.assistant > span").last()).toContainText(/\S/);
    // Not asked while the conversation goes on.
    await expect(visitor.getByRole("group", { name: text.rating })).toHaveCount(0);

    await page.setViewportSize(text.screen);
    await signIn();
    await gotoHydrated(page, `/admin/session/${sessionId}?lng=${language}`);
    await page.getByRole("button", { name: text.close }).click();
    await expect(page.getByText(text.closed).first()).toBeVisible();

    // The widget hears the close and asks, in the visitor's language.
    const rating = visitor.getByRole("group", { name: text.rating });
    await expect(rating).toBeVisible({ timeout: 15_000 });
    const faces = rating.getByRole("radio");
    await expect(faces).toHaveCount(5);
    for (const [index, name] of text.faces.entries()) await expect(faces.nth(index)).toHaveAccessibleName(name);
    await visitor.screenshot({ path: `${SCREENS}/widget-question-${language}.png` });
    await expectNoAxeViolations(visitor);

    await rating.getByRole("radio", { name: text.faces[1], exact: true }).check();
    const comment = visitor.getByRole("textbox", { name: text.comment });
    await expect(comment).toHaveAttribute("maxlength", "500");
    await comment.fill(text.commentText);
    await visitor.getByRole("button", { name: text.send }).click();
    await expect(visitor.getByRole("status").filter({ hasText: text.thanks })).toBeVisible();
    await expect(rating).toHaveCount(0);
    await visitorContext.close();

    await gotoHydrated(page, `/admin/analytics?lng=${language}`);
    const section = page.getByRole("region", { name: text.section });
    await expect(section.getByRole("row").filter({ hasText: SEED_CLIENT_NAME }).first()).toContainText(text.average);
    await expect(section.getByText(text.commentText)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SCREENS}/analytics-${language}.png` });
    await section
      .getByRole("listitem")
      .filter({ hasText: text.commentText })
      .getByRole("link", { name: text.open })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/session/${sessionId}$`));
  });
}
