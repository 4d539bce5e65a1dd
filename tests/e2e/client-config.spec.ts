import { startTestSite, type TestSite } from "../support/test-site.ts";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/** The seeded clients the tests change (their own capability and page), so parallel tests never meet. */
const CLIENT_EN = 6;
const CLIENT_HE = 7;
const configPath = (clientId: number, tab: string, language: "he" | "en") => `/admin/clients/${clientId}/config?tab=${tab}&lng=${language}`;

let site: TestSite;
test.beforeAll(async () => {
  site = await startTestSite();
});
test.afterAll(async () => {
  await site.close();
});

test.describe("client settings with JavaScript", () => {
  test("saves a capability prompt (English)", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, configPath(CLIENT_EN, "custom", "en"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Client settings #${CLIENT_EN}`);
    const prompt = `Answer event questions in detail. ${Date.now()}`;
    await page.getByRole("switch", { name: "Custom capability" }).check();
    await page.getByLabel("System prompt").fill(prompt);
    await page.getByRole("button", { name: "Save Custom settings" }).click();
    await expect(page.getByText("Custom settings saved", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("System prompt")).toHaveValue(prompt);
    await expect(page.getByRole("switch", { name: "Custom capability" })).toBeChecked();
  });

  test("scans a site URL by URL (Hebrew)", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, configPath(CLIENT_HE, "scanner", "he"));
    const scan = page.getByRole("button", { name: "סרוק אתרים" });
    await page.getByLabel("כתובות האתר").fill("");
    await expect(scan).toBeDisabled();
    await page.getByLabel("כתובות האתר").fill(`${site.url}/he\n${site.url}/to-private\n${site.url}/en`);
    await scan.click();
    const progress = page.getByRole("list").filter({ hasText: `${site.url}/to-private` });
    await expect(progress.getByRole("listitem")).toHaveCount(3);
    await expect(progress.getByRole("listitem").nth(1)).toContainText("נדחה: הכתובת פרטית, מקומית או link-local.");
    await expect(page.getByText("סריקת האתרים הושלמה", { exact: true })).toBeVisible();
    await expect(page.getByText(/נסרקו בהצלחה 2 כתובות והתוכן נוסף למאגר הידע\s+1 מתוך 3 כתובות לא נסרקו\./).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "שעות פתיחה" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Teeth whitening" })).toBeVisible();
  });
});

test.describe("client settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("saves a capability prompt with a plain form post (Hebrew)", async ({ page, signIn }) => {
    await signIn();
    await page.goto(configPath(CLIENT_HE, "b2b", "he"));
    const prompt = `דברו עם קניינים בשפה עסקית. ${Date.now()}`;
    await page.getByRole("switch", { name: "יכולת B2B" }).check();
    await page.getByLabel("הנחיית מערכת").fill(prompt);
    await page.getByRole("button", { name: "שמור הגדרות B2B" }).click();
    await expect(page.getByText("הגדרות B2B נשמרו", { exact: true })).toBeVisible();
    await page.goto(configPath(CLIENT_HE, "b2b", "he"));
    await expect(page.getByLabel("הנחיית מערכת")).toHaveValue(prompt);
  });

  test("scans a site with a plain form post and shows each URL's outcome (English)", async ({ page, signIn }) => {
    await signIn();
    await page.goto(configPath(CLIENT_EN, "scanner", "en"));
    await page.getByLabel("Website URLs").fill(`${site.url}/en\n${site.url}/brochure.pdf`);
    await page.getByRole("button", { name: "Scan Websites" }).click();
    // Without JavaScript the toast is one banner inside <noscript>: title and description (found by a pattern, as plain text).
    const toast = page.getByText(/Website Scanning Complete/);
    await expect(toast).toContainText("Successfully scanned 1 URL");
    await expect(toast).toContainText("brochure.pdf: Not an HTML page.");
    await expect(page.getByRole("heading", { name: "Opening hours" })).toBeVisible();
    await expect(page.getByText("1 topic extracted").or(page.getByText(/\d+ topics extracted/))).toBeVisible();
  });
});

const SCREENS = [
  { name: "client-config-general", path: (language: "he" | "en") => configPath(CLIENT_EN, "general", language) },
  { name: "client-config-scanner", path: (language: "he" | "en") => configPath(CLIENT_EN, "scanner", language) },
  { name: "client-config-summary", path: (language: "he" | "en") => configPath(CLIENT_EN, "summary", language) },
  { name: "client-config-api", path: (language: "he" | "en") => configPath(CLIENT_EN, "api", language) },
  { name: "ai-training", path: (language: "he" | "en") => `/admin/ai-training?clientId=${CLIENT_EN}&lng=${language}` },
];

for (const screen of SCREENS) {
  for (const language of ["he", "en"] as const) {
    for (const [width, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
      test(`screenshot: ${screen.name} ${language} ${width}`, async ({ page, signIn }) => {
        await page.setViewportSize(viewport);
        await signIn();
        await gotoHydrated(page, screen.path(language));
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: `screenshots/${screen.name}-${language}-${width}.png`, fullPage: true });
      });
    }
  }
}

test("the test tab runs the full client test", async ({ page, signIn }) => {
  await signIn();
  await gotoHydrated(page, configPath(CLIENT_EN, "test", "en"));
  await page.getByRole("button", { name: "Run Tests" }).click();
  await expect(page.getByText(/\d+ of \d+ passed/).first()).toBeVisible();
  await page.getByText("Details (JSON)").click();
  await expect(page.locator("pre")).toContainText('"clientId"');
});
