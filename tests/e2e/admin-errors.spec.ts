import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * An admin page that fails keeps the admin shell: header, navigation, a way elsewhere. The failures
 * come from routes/admin/failure-drill.tsx, which fails on purpose only because the test server
 * sets FAILURE_DRILL (everywhere else it is an ordinary admin 404).
 */
const DRILL = "/admin/failure-drill";

const TEXTS = {
  en: {
    navigation: "Admin navigation",
    error: "Something went wrong",
    notFound: "Page Not Found",
    dashboard: "Go to the dashboard",
    leads: "Leads",
  },
  he: {
    navigation: "ניווט ניהול",
    error: "משהו השתבש",
    notFound: "הדף לא נמצא",
    dashboard: "מעבר ללוח הבקרה",
    leads: "לידים",
  },
} as const;

async function expectShellAround(page: Page, heading: string, language: keyof typeof TEXTS = "en") {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(
    page
      .getByRole("navigation", { name: TEXTS[language].navigation })
      .getByRole("link", { name: TEXTS[language].leads }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: TEXTS[language].dashboard })).toHaveAttribute(
    "href",
    "/admin/dashboard",
  );
  // Production shows neither the error's message nor its stack.
  await expect(page.getByText("Failure drill:")).toHaveCount(0);
  await expect(page.locator("pre")).toHaveCount(0);
}

test.describe("admin errors keep the shell", () => {
  // The drill's 500s are on purpose, and the browser reports each one it loads.
  test.use({
    allowedConsoleErrors: /status of 500/,
    expectedErrorPages: /^\/(admin\/(failure-drill|no-such-page)|no-such-page)/,
  });
  test.beforeEach(async ({ signIn }) => signIn());

  test("an error in a page's loader: the error panel in the shell, and the operator moves on", async ({ page }) => {
    const response = await page.goto(`${DRILL}?in=loader`);
    expect(response?.status()).toBe(500);
    await expectShellAround(page, TEXTS.en.error);
    await expect(page).toHaveTitle("Something went wrong | Alex");
    await page.getByRole("navigation", { name: TEXTS.en.navigation }).getByRole("link", { name: "Leads" }).click();
    await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  });

  test("an error while rendering a page", async ({ page }) => {
    const response = await page.goto(`${DRILL}?in=render`);
    expect(response?.status()).toBe(500);
    await expectShellAround(page, TEXTS.en.error);
  });

  test("an error in a page's action, posted with JavaScript and after a client-side navigation", async ({ page }) => {
    await gotoHydrated(page, DRILL);
    await page.getByRole("button", { name: "Fail in the action" }).click();
    await expectShellAround(page, TEXTS.en.error);

    await page.getByRole("link", { name: TEXTS.en.dashboard }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Failure drill", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Fail in the loader" }).click();
    await expectShellAround(page, TEXTS.en.error);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("an error in a page's action, posted as a plain form", async ({ page }) => {
      await page.goto(DRILL);
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Fail in the action" }).click();
      expect((await answer).status()).toBe(500);
      await expectShellAround(page, TEXTS.en.error);
    });
  });

  test("a 404 a page's loader throws (an unknown id) shows the admin 404 in the shell", async ({ page }) => {
    const response = await page.goto(`${DRILL}?in=not-found`);
    expect(response?.status()).toBe(404);
    await expectShellAround(page, TEXTS.en.notFound);
    await expect(page).toHaveTitle("Page Not Found | Alex");
  });

  test("an unknown admin address shows the same admin 404 in the shell", async ({ page }) => {
    const response = await page.goto("/admin/no-such-page");
    expect(response?.status()).toBe(404);
    await expectShellAround(page, TEXTS.en.notFound);
  });

  test("public pages keep the site's own error page", async ({ page }) => {
    const response = await page.goto("/no-such-page?lng=en");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: TEXTS.en.notFound, level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: TEXTS.en.navigation })).toHaveCount(0);
  });

  for (const language of ["en", "he"] as const) {
    for (const [name, query, heading] of [
      ["error", "in=loader", TEXTS[language].error],
      ["not-found", "in=not-found", TEXTS[language].notFound],
    ] as const) {
      test(`the ${name} panel in ${language}: no axe violations, and its screenshots`, async ({ page }) => {
        await gotoHydrated(page, `${DRILL}?${query}&lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expectShellAround(page, heading, language);
        await expectNoAxeViolations(page);
        for (const [width, viewport] of [
          ["phone", PHONE],
          ["desktop", DESKTOP],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.screenshot({ path: `screenshots/admin-${name}-${language}-${width}.png`, fullPage: true });
        }
      });
    }
  }
});
