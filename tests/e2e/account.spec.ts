import { mkdirSync } from "node:fs";
import { DESKTOP, E2E_ADMIN, expect, gotoHydrated, htmlDirection, PHONE, test } from "./fixtures.ts";

/**
 * One's own account and the way to a lost password, as a person sees them. The password is not
 * changed here: that ends every other session of the seeded operator, which the other tests of the
 * run share (tests/integration/http/passwords.test.ts changes passwords on a server of its own).
 */
const SHOTS = "/tmp/shots-account";
mkdirSync(SHOTS, { recursive: true });

const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const TEXT = {
  en: {
    title: "My account",
    current: "This session",
    password: "Change password",
    submit: "Change password",
    secondFactor: "Second factor",
    currentLabel: "Current password",
    newLabel: "New password",
    confirmLabel: "Confirm the new password",
    wrong: "The current password is incorrect.",
    mismatch: "The two passwords are not the same.",
  },
  he: {
    title: "החשבון שלי",
    current: "החיבור הזה",
    password: "שינוי סיסמה",
    submit: "שינוי הסיסמה",
    secondFactor: "אימות דו-שלבי",
    currentLabel: "הסיסמה הנוכחית",
    newLabel: "סיסמה חדשה",
    confirmLabel: "אימות הסיסמה החדשה",
    wrong: "הסיסמה הנוכחית שגויה.",
    mismatch: "שתי הסיסמאות אינן זהות.",
  },
} as const;

test.describe("my account", () => {
  test.use({ ownSession: true });

  for (const [device, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    for (const language of ["he", "en"] as const) {
      test(`shows the person, the sessions and the password form in ${language} on a ${device}`, async ({
        page,
        signIn,
      }) => {
        const text = TEXT[language];
        await page.setViewportSize(viewport);
        await signIn();
        await gotoHydrated(page, `/account?lng=${language}`);
        expect(await htmlDirection(page)).toBe(language === "he" ? "rtl" : "ltr");
        await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
        await expect(page.getByRole("main").getByText(E2E_ADMIN.username, { exact: true })).toBeVisible();
        const sessions = page.locator("[data-session]");
        await expect(sessions.filter({ hasText: text.current })).toHaveCount(1);
        await expect(page.getByRole("heading", { name: text.password })).toBeVisible();
        await expect(page.getByRole("heading", { name: text.secondFactor })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/account-${language}-${device}.png`, fullPage: true });

        // A wrong current password is a field error; a mismatched confirmation is one before posting.
        const form = page.locator("form#change-password");
        await form.getByLabel(text.currentLabel).fill("not-the-password");
        await form.getByLabel(text.newLabel, { exact: true }).fill("a-brand-new-password");
        await form.getByLabel(text.confirmLabel).fill("a-different-password");
        await form.getByRole("button", { name: text.submit }).click();
        await expect(form.getByText(text.mismatch)).toBeVisible();
        await form.getByLabel(text.confirmLabel).fill("a-brand-new-password");
        await form.getByRole("button", { name: text.submit }).click();
        await expect(form.getByText(text.wrong)).toBeVisible();
        await expect(form.getByLabel(text.currentLabel)).toHaveAttribute("aria-invalid", "true");
        await page.screenshot({ path: `${SHOTS}/account-${language}-${device}-wrong.png`, fullPage: true });
      });
    }
  }

  test("signs out another session of one's own, by its row", async ({ page, signIn, playwright, baseURL }) => {
    await signIn();
    const phone = await playwright.request.newContext({ baseURL, userAgent: SAFARI_ON_IPHONE });
    try {
      expect((await phone.post("/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
      await gotoHydrated(page, "/admin/dashboard?lng=en");
      await page.getByRole("link", { name: /My account/ }).click();
      await expect(page).toHaveURL("/account");
      await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
      const row = page.locator("[data-session]", { hasText: "Safari on iOS" });
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: /^Sign out of Safari on iOS/ }).click();
      await expect(page.getByText("The session was signed out.", { exact: true })).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(page.locator("[data-session]", { hasText: "This session" })).toHaveCount(1);
      const after = await phone.get("/admin/dashboard", { maxRedirects: 0 });
      expect(after.status()).toBe(302);
      expect(after.headers().location).toMatch(/^\/login\?/);
    } finally {
      await phone.dispose();
    }
  });
});

test.describe("a lost password", () => {
  for (const [language, text] of [
    [
      "en",
      { link: "Forgot your password?", field: "E-mail or username", send: "Send the link", sent: "Check your e-mail" },
    ],
    ["he", { link: "שכחת את הסיסמה?", field: "דוא״ל או שם משתמש", send: "שליחת הקישור", sent: "כדאי לבדוק את הדוא״ל" }],
  ] as const) {
    for (const [device, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`the login page's link leads to the forgot page, which answers, in ${language} on a ${device}`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, `/login?lng=${language}`);
        await page.screenshot({ path: `${SHOTS}/login-${language}-${device}.png`, fullPage: true });
        await page.getByRole("link", { name: text.link }).click();
        await expect(page).toHaveURL("/forgot-password");
        await expect(page.getByRole("heading", { level: 1, name: text.link })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/forgot-${language}-${device}.png`, fullPage: true });
        await page.getByLabel(text.field).fill(`nobody-${device}@team.example`);
        await page.getByRole("button", { name: text.send }).click();
        await expect(page.getByText(text.sent)).toBeVisible();
        await expect(page.getByLabel(text.field)).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/forgot-${language}-${device}-sent.png`, fullPage: true });
      });
    }
  }

  test.describe("an unknown reset link", () => {
    test.use({ expectedErrorPages: /^\/reset-password\// });

    test("says so in the visitor's language, without a form", async ({ page }) => {
      await page.setViewportSize(PHONE);
      const response = await page.goto(`/reset-password/${"x".repeat(43)}?lng=he`);
      expect(response?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1, name: "הקישור הזה כבר לא עובד" })).toBeVisible();
      await expect(page.getByLabel("סיסמה חדשה")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/reset-invalid-he-phone.png`, fullPage: true });
    });
  });
});
