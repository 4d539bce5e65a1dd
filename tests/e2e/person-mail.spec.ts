import { mkdirSync } from "node:fs";
import { DESKTOP, expect, gotoHydrated, PHONE, test, visitorAddress } from "./fixtures.ts";
import { linkIn, MAIL_BASE_URL, mailsTo, setMailLanguage, waitForMailServer } from "./mail-fixtures.ts";
import { join, newBusiness } from "./portal-fixtures.ts";

/**
 * A visitor asks for a person and nobody takes the conversation within the minutes the business's
 * owner set (the form's least, one): the owner's e-mail arrives, in the business's language, with a
 * link that opens that conversation in the portal. On the e2e server with mail on, where the
 * owner's invitation is mailed too (tests/support/mail-stand-ins.ts keeps both).
 */
const SHOTS = "screenshots/mail";

const TEXT = {
  he: {
    handover: "כשאדם נכנס לשיחה",
    minutes: "לשלוח מייל לבעל העסק אחרי (דקות)",
    save: "שמירה",
    saved: "הגדרות המעבר לנציג נשמרו",
    talkToPerson: "לדבר עם נציג",
    subject: "גולש/ת מחכה לנציג",
    intro: "גולש/ת ביקש/ה לדבר עם נציג בצ׳אט ואף אחד עוד לא לקח את השיחה.",
    open: "לפתיחת השיחה: ",
    takeOver: "השתלט/י על השיחה",
    waiting: "מחכה לנציג",
  },
  en: {
    handover: "A person steps in",
    minutes: "E-mail the business's owner after (minutes)",
    save: "Save",
    saved: "Hand-over settings saved",
    talkToPerson: "Talk to a person",
    subject: "A visitor is waiting for a person",
    intro: "A visitor asked to talk to a person in the chat and nobody has taken the conversation yet.",
    open: "Open the conversation: ",
    takeOver: "Take over",
    waiting: "Waiting for a person",
  },
} as const;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.use({ baseURL: MAIL_BASE_URL, ownSession: true });
test.beforeAll(waitForMailServer);

for (const [language, width, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  const text = TEXT[language];

  test(`nobody takes a visitor's request for a person: the owner is e-mailed a link to it (${language}, ${width})`, async ({
    page,
    signIn,
    browser,
  }) => {
    // A minute of waiting, the least the owner can set, and the delivery worker's few seconds.
    test.setTimeout(150_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize(viewport);

    // The operator makes the business, in the test's language, and invites its owner, by e-mail.
    await signIn();
    const business = await newBusiness(page, "Mail bakery");
    await setMailLanguage(page, business.id, language);
    const owner = `owner-${unique()}@mail-bakery.example`;
    const invited = await page.request.post(`/admin/clients/${business.id}/people?lng=en`, {
      form: { intent: "invite", email: owner, displayName: "Dana Owner", role: "business_owner" },
      maxRedirects: 0,
    });
    expect(invited.status(), "the invitation's answer").toBeLessThan(400);
    const [invitation] = await mailsTo(owner);
    const invitePath = linkIn(invitation!, `${MAIL_BASE_URL}/invite/`);
    await page.context().clearCookies();
    await join(page.request, invitePath, "Dana Owner");

    // The owner wants an e-mail after one minute.
    await gotoHydrated(page, `/portal/inbox?lng=${language}`);
    const settings = page.getByRole("region", { name: text.handover });
    await settings.getByRole("spinbutton", { name: text.minutes }).fill("1");
    await settings.getByRole("button", { name: text.save }).click();
    await expect(page.getByText(text.saved).first()).toBeVisible();
    // Then leaves: nobody of the business has a page open.
    await page.goto("about:blank");

    // A visitor asks for a person in the chat.
    const visitorContext = await browser.newContext({
      baseURL: MAIL_BASE_URL,
      viewport: PHONE,
      extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/api/wordpress/chat-ui?license=${business.licenseKey}&lang=${language}`);
    await visitor.getByRole("button", { name: text.talkToPerson }).click();
    const storedSession = () =>
      visitor.evaluate((key) => localStorage.getItem(key), `alex:${business.licenseKey}:session`);
    await expect.poll(storedSession, { timeout: 20_000 }).toMatch(/^sess_/);
    const sessionId = (await storedSession())!;
    const askedAt = Date.now();

    // Nobody takes it: a minute later the owner's e-mail comes, in the business's language.
    const [mail] = await mailsTo(owner, { subject: text.subject, timeout: 100_000 });
    expect(Date.now() - askedAt, "the mail waited the owner's minute").toBeGreaterThan(50_000);
    expect(mail!.text).toContain(text.intro);
    expect(mail!.text).toContain(`${text.open}${MAIL_BASE_URL}/portal/conversations/${sessionId}`);
    expect(mail!.html).toContain(`href="${MAIL_BASE_URL}/portal/conversations/${sessionId}"`);
    await visitorContext.close();

    // The owner follows the link, signed in to the portal: the conversation, waiting to be taken.
    const conversation = linkIn(mail!, `${MAIL_BASE_URL}/portal/conversations/`);
    await gotoHydrated(page, `${conversation}?lng=${language}`);
    await expect(page).toHaveURL(new RegExp(`/portal/conversations/${sessionId}\\?lng=${language}$`));
    await expect(page.getByRole("button", { name: text.takeOver })).toBeVisible();
    await expect(page.getByText(text.waiting, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/person-mail-link-${language}-${width}.png`, fullPage: true });
  });
}
