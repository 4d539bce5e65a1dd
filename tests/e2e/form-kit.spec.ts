import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures.ts";

/**
 * The screens the form kit and the admin primitives draw, with their error states showing, in both
 * languages: axe finds nothing (the other screens' specs check them clean).
 */
const TEXTS = {
  en: {
    login: "Login",
    adminLogin: "Admin Login",
    usernameRequired: "Enter your username.",
    send: "Send inquiry",
    nameRequired: "Please enter your name.",
  },
  he: {
    login: "כניסה",
    adminLogin: "כניסת מנהל",
    usernameRequired: "יש להזין שם משתמש.",
    send: "שליחת הפנייה",
    nameRequired: "נא להזין שם.",
  },
} as const;

for (const language of ["en", "he"] as const) {
  const text = TEXTS[language];

  test.describe(`the form kit and the admin primitives in ${language}`, () => {
    test("the login page, with a field's error and the form's error", async ({ page }) => {
      await gotoHydrated(page, `/login?lng=${language}`);
      await page.getByRole("button", { name: text.login }).click();
      await expect(page.getByText(text.usernameRequired)).toBeVisible();
      const username = page.getByRole("textbox", { name: language === "en" ? "Username" : "שם משתמש" });
      await expect(username).toHaveAttribute("aria-invalid", "true");
      await expect(username).toHaveAccessibleDescription(text.usernameRequired);
      await expectNoAxeViolations(page);

      await username.fill("nobody");
      await page.getByLabel(language === "en" ? "Password" : "סיסמה").fill("not-the-password");
      const login = page.getByRole("button", { name: text.login });
      await login.click();
      await expect(page.getByRole("alert")).toBeVisible();
      // The button fades back from its busy colour; axe must see where it ends, not a frame of the way.
      await expect(login).toBeEnabled();
      await login.evaluate((button) => Promise.all(button.getAnimations().map((animation) => animation.finished)));
      await expectNoAxeViolations(page);
    });

    test("the landing page's login dialog, open", async ({ page }) => {
      await gotoHydrated(page, `/?lng=${language}`);
      await page.getByRole("link", { name: text.adminLogin }).first().click();
      const dialog = page.getByRole("dialog", { name: text.adminLogin });
      await expect(dialog.getByRole("button", { name: text.login })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the investor form, with errors and the required marks", async ({ page }) => {
      await gotoHydrated(page, `/invest-${language}`);
      const form = page.locator("form#investment-inquiry");
      await form.getByRole("button", { name: text.send }).click();
      await expect(form.getByText(text.nameRequired)).toBeVisible();
      // The asterisk is for sight; screen readers hear "required" from the control itself.
      await expect(
        form.getByRole("textbox", { name: language === "en" ? "Full name" : "שם מלא", exact: true }),
      ).toHaveAttribute("required", "");
      await expectNoAxeViolations(page);
    });

    test("the dashboard: page header, stat cards, badges", async ({ page, signIn }) => {
      await signIn();
      await gotoHydrated(page, `/admin/dashboard?lng=${language}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? "Dashboard" : "לוח בקרה");
      await expect(page.getByRole("status")).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}
