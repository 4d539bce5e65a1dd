import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/*
 * The set-up page as the shared e2e operator sees it, up to the QR code, the key and a wrong code's
 * refusal. The second factor is never turned on here: every test signs in as this operator, and a
 * second factor (or the team's rule) would stop them at the code. Turning it on, signing in with it,
 * the recovery codes and the rule are covered against the built server by
 * tests/integration/http/second-factor.test.ts, with people of its own.
 */
const TEXTS = {
  en: {
    title: "Second factor",
    start: "Set up a second factor",
    setupTitle: "Set up your authenticator app",
    qr: "QR code for your authenticator app",
    code: "Code from the app",
    submit: "Turn on",
    wrong: "The code is wrong or was already used.",
    shape: "Enter the 6 digits the app shows.",
    signInTitle: "Enter your code",
    expired: "Your sign-in took too long or has ended.",
  },
  he: {
    title: "אימות דו-שלבי",
    start: "הגדרת אימות דו-שלבי",
    setupTitle: "הגדרת אפליקציית האימות",
    qr: "קוד QR לאפליקציית האימות",
    code: "קוד מהאפליקציה",
    submit: "הפעלה",
    wrong: "הקוד שגוי או שכבר נוצל.",
    shape: "הזינו את 6 הספרות שהאפליקציה מציגה.",
    signInTitle: "הזינו את הקוד",
    expired: "הכניסה ארכה יותר מדי או הסתיימה.",
  },
} as const;

for (const language of ["en", "he"] as const) {
  const text = TEXTS[language];
  for (const [device, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the second factor's set-up shows a QR code and the key, and refuses a wrong code (${language}, ${device})`, async ({
      page,
      signIn,
    }) => {
      await page.setViewportSize(viewport);
      await signIn();
      await gotoHydrated(page, `/account/second-factor?lng=${language}`);
      await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
      // Another test may have started the set-up already: the page then shows it, with its key.
      const start = page.getByRole("button", { name: text.start });
      if (await start.isVisible()) await start.click();
      await expect(page.getByRole("heading", { name: text.setupTitle })).toBeVisible();
      const qr = page.getByRole("img", { name: text.qr });
      await expect(qr.locator("svg")).toBeVisible();
      const box = (await qr.boundingBox())!;
      expect(box.width).toBeGreaterThan(150);
      await expect(page.getByTestId("second-factor-key")).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      await expect(page.getByTestId("second-factor-key")).toHaveAttribute("dir", "ltr");

      const code = page.getByRole("textbox", { name: text.code });
      await code.fill("12");
      await page.getByRole("button", { name: text.submit }).click();
      await expect(page.getByText(text.shape)).toBeVisible();

      await code.fill("000000");
      await page.getByRole("button", { name: text.submit }).click();
      await expect(page.getByRole("alert").filter({ hasText: text.wrong })).toBeVisible();
      await expect(page).toHaveURL(/\/account\/second-factor/);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/shots-second-factor/setup-${language}-${device}.png`, fullPage: true });
    });
  }

  test(`the sign-in's second step, reached without a password, leads back to it (${language})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, `/login/second-factor?lng=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: text.signInTitle })).toBeVisible();
    await expect(page.getByText(text.expired)).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-second-factor/sign-in-step-${language}-phone.png`, fullPage: true });
  });
}
