import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DESKTOP, expect, gotoHydrated, PHONE, test, waitForHydration } from "./fixtures.ts";
import { newBusiness } from "./portal-fixtures.ts";

/*
 * An agent's first day, end to end: the owner invites them (mail is off on the test server, so the
 * page shows the link; the e-mailed invitation is read from an SMTP stand-in in
 * tests/integration/http/team.test.ts), they join, set up a second factor, sign out and in again with
 * a code, take over a visitor's conversation, and find billing closed to them.
 */
const TEXT = {
  he: {
    email: "אימייל",
    name: "שם",
    send: "שליחת הזמנה",
    yourName: "השם שלך",
    password: "סיסמה",
    again: "הסיסמה שוב",
    join: "הצטרפות וכניסה",
    start: "הגדרת אימות דו-שלבי",
    code: "קוד מהאפליקציה",
    turnOn: "הפעלה",
    codesList: "קודי שחזור",
    logout: "התנתקות",
    username: "שם משתמש",
    login: "כניסה",
    signInCode: "קוד",
    verify: "אימות",
    takeOver: "השתלט/י על השיחה",
    handBack: "החזר/י ל-Alex",
    reply: "התשובה שלך",
    sendReply: "שליחה",
    noAccess: "אין גישה",
    question: "אפשר לדבר עם נציג?",
    answer: "שלום, כאן הנציגה החדשה",
  },
  en: {
    email: "E-mail",
    name: "Name",
    send: "Send invitation",
    yourName: "Your name",
    password: "Password",
    again: "Password again",
    join: "Join and sign in",
    start: "Set up a second factor",
    code: "Code from the app",
    turnOn: "Turn on",
    codesList: "Recovery codes",
    logout: "Logout",
    username: "Username",
    login: "Login",
    signInCode: "Code",
    verify: "Verify",
    takeOver: "Take over",
    handBack: "Hand back to Alex",
    reply: "Your reply",
    sendReply: "Send",
    noAccess: "No access",
    question: "Can I talk to a person?",
    answer: "Hi, this is the new agent",
  },
} as const;

/** The code an authenticator app shows for the key, `ahead` periods from now. */
function codeFor(key: string, ahead = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + ahead * 30_000 });
}

/** A visitor's conversation with the business: its session id, from the chat API's answer. */
async function visitorConversation(page: Page, licenseKey: string, message: string) {
  const answered = await page.request.post("/api/wordpress/messages", {
    headers: { "X-Forwarded-For": `10.78.${Math.floor(Math.random() * 250)}.1` },
    data: { license: licenseKey, clientMessageId: crypto.randomUUID(), message },
  });
  expect(answered.status()).toBe(200);
  const sessionId = /"sessionId":"([^"]+)"/.exec(await answered.text())?.[1];
  expect(sessionId, "the answer names its session").toBeTruthy();
  return sessionId!;
}

for (const [language, device, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  test(`an invited agent sets a second factor, signs in with it, takes over a conversation and is refused billing (${language}, ${device})`, async ({
    page,
    signIn,
    browser,
  }) => {
    const text = TEXT[language];
    const email = `agent-journey-${language}-${Date.now()}@team.example`;
    await page.setViewportSize(viewport);
    await signIn();
    const business = await newBusiness(page, "Agent journey");
    const sessionId = await visitorConversation(page, business.licenseKey, text.question);

    await gotoHydrated(page, `/admin/team?lng=${language}`);
    await page.getByLabel(text.email, { exact: true }).fill(email);
    await page.getByLabel(text.name, { exact: true }).fill("Maya");
    await page.getByRole("button", { name: text.send }).click();
    const link = (await page.getByTestId("invite-link").textContent())!.trim();

    // An address of its own: the invitation page's per-address limit is for the browsers of other tests.
    const address = `10.81.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const theirs = await browser.newContext({ viewport, extraHTTPHeaders: { "X-Forwarded-For": address } });
    const agent = await theirs.newPage();
    await agent.goto(link);
    await waitForHydration(agent);
    await agent.getByLabel(text.yourName, { exact: true }).fill("Maya");
    await agent.getByLabel(text.password, { exact: true }).fill("maya-password-123");
    await agent.getByLabel(text.again, { exact: true }).fill("maya-password-123");
    await agent.getByRole("button", { name: text.join }).click();
    await expect(agent).toHaveURL("/admin/dashboard");

    // The second factor, with the key an app would scan.
    await gotoHydrated(agent, "/account/second-factor");
    await agent.getByRole("button", { name: text.start }).click();
    const key = (await agent.getByTestId("second-factor-key").textContent())!;
    await agent.getByLabel(text.code, { exact: true }).fill(codeFor(key));
    await agent.getByRole("button", { name: text.turnOn }).click();
    await expect(agent.getByRole("list", { name: text.codesList })).toBeVisible();

    // Out, and in again: the password, then the next code (the one just used is never taken twice).
    await agent.getByRole("button", { name: text.logout }).first().click();
    await expect(agent).toHaveURL(/\/$|\/login/);
    await gotoHydrated(agent, "/login");
    await agent.getByLabel(text.username, { exact: true }).fill(email);
    await agent.getByLabel(text.password, { exact: true }).fill("maya-password-123");
    await agent.getByRole("button", { name: text.login, exact: true }).click();
    await expect(agent).toHaveURL("/login/second-factor");
    await agent.getByLabel(text.signInCode, { exact: true }).fill(codeFor(key, 1));
    await agent.getByRole("button", { name: text.verify }).click();
    await expect(agent).toHaveURL("/admin/dashboard");

    // The visitor's conversation: taken over, answered, handed back.
    await gotoHydrated(agent, `/admin/session/${sessionId}`);
    await agent.getByRole("button", { name: text.takeOver }).click();
    await agent.getByRole("textbox", { name: text.reply }).fill(text.answer);
    await agent.getByRole("button", { name: text.sendReply }).click();
    await expect(agent.getByText(text.answer)).toBeVisible();
    await agent.getByRole("button", { name: text.handBack }).click();
    await expect(agent.getByRole("button", { name: text.takeOver })).toBeVisible();
    await agent.screenshot({ path: `/tmp/shots-portal/agent-session-${language}-${device}.png`, fullPage: true });

    // Billing is the owners' and admins'.
    await agent.goto("/admin/billing");
    await expect(agent).toHaveURL("/admin/forbidden");
    await expect(agent.getByRole("heading", { level: 1 })).toHaveText(text.noAccess);
    await theirs.close();
  });
}
