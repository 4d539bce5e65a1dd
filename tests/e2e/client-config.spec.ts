import { startTestSite, type TestSite } from "../support/test-site.ts";
import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/** The seeded clients the tests change (their own capability and page), so parallel tests never meet. */
const CLIENT_EN = 6;
const CLIENT_HE = 7;
const configPath = (clientId: number, tab: string, language: "he" | "en") =>
  `/admin/clients/${clientId}/config?tab=${tab}&lng=${language}`;

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
    const pagePosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.includes("/config"))
        pagePosts.push(request.url());
    });
    await page.getByLabel("כתובות האתר").fill(`${site.url}/he\n${site.url}/to-private\n${site.url}/en`);
    // Leaving the field validates it in the browser: no request, so the buttons stay enabled.
    await page.getByLabel("כתובות האתר").blur();
    await expect(scan).toBeEnabled();
    await scan.click();
    const progress = page.getByRole("list").filter({ hasText: `${site.url}/to-private` });
    await expect(progress.getByRole("listitem")).toHaveCount(3);
    await expect(progress.getByRole("listitem").nth(1)).toContainText("נדחה: הכתובת פרטית, מקומית או link-local.");
    await expect(page.getByText("סריקת האתרים הושלמה", { exact: true })).toBeVisible();
    await expect(
      page.getByText(/נסרקו בהצלחה 2 כתובות והתוכן נוסף למאגר הידע\s+1 מתוך 3 כתובות לא נסרקו\./).first(),
    ).toBeVisible();
    // One post to the page, the summary after the scan: the blur's validation never reached the server.
    expect(pagePosts).toHaveLength(1);
    // Each worker's test site has its own port (a retry runs in a new worker): the topics from this
    // run's pages are the ones with its address.
    const topicsFrom = (path: string) => page.getByRole("listitem").filter({ hasText: `${site.url}${path}` });
    await expect(topicsFrom("/he").getByRole("heading", { name: "שעות פתיחה" })).toBeVisible();
    await expect(topicsFrom("/en").getByRole("heading", { name: "Teeth whitening" })).toBeVisible();
    // An English page's topic reads left to right on the Hebrew screen, a Hebrew one right to left.
    await expect(topicsFrom("/en").getByRole("heading", { name: "Teeth whitening" })).toHaveCSS("direction", "ltr");
    await expect(topicsFrom("/he").getByRole("heading", { name: "שעות פתיחה" })).toHaveCSS("direction", "rtl");
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
    const topicsFromThisSite = page.getByRole("listitem").filter({ hasText: `${site.url}/en` });
    await expect(topicsFromThisSite.getByRole("heading", { name: "Opening hours" })).toBeVisible();
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
    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
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
  // Each check by its name in words, not its identifier.
  await expect(page.getByText("Client record", { exact: true })).toBeVisible();
  await expect(page.getByText("knowledge_base", { exact: true })).toHaveCount(0);
  await page.getByText("Details (JSON)").click();
  await expect(page.locator("pre")).toContainText('"clientId"');
});

/** A client of the test's own: saving its whole business config would race the tests on the seeded ones. */
async function newClient(page: Page) {
  const businessName = `Settings ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await page.request.post("/api/clients", {
    data: {
      businessName,
      ownerEmail: "owner@settings.example",
      websiteDomain: "settings.example",
      businessType: "retail",
    },
  });
  expect(response.status()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, businessName };
}

test.describe("each settings form saves and restores on its own", () => {
  test("English, desktop, with JavaScript: the business config's save leaves the details form alone", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn();
    const client = await newClient(page);
    await gotoHydrated(page, configPath(client.id, "general", "en"));
    const details = page.getByRole("region", { name: "Client details" });
    const business = page.getByRole("region", { name: "Business and sales config" });

    await details.getByLabel("Business name").fill("Not saved");
    await details.getByRole("button", { name: "Restore Saved Details" }).click();
    await expect(details.getByLabel("Business name")).toHaveValue(client.businessName);

    await details.getByLabel("Business name").fill("Not saved either");
    await business.getByLabel("Display name").fill("Shown to visitors");
    await business.getByRole("button", { name: "Save Business Config" }).click();
    await expect(page.getByText("Settings saved successfully", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.id}/config\\?tab=general`));
    await page.reload();
    await expect(business.getByLabel("Display name")).toHaveValue("Shown to visitors");
    await expect(details.getByLabel("Business name")).toHaveValue(client.businessName);
    // No detached button below the tabs claims to save "settings" as a whole.
    await expect(page.getByRole("button", { name: /^Save settings$/ })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Hebrew, phone: restore brings back the saved details, save stores them", async ({ page, signIn }) => {
      await page.setViewportSize(PHONE);
      await signIn();
      const client = await newClient(page);
      await page.goto(configPath(client.id, "general", "he"));
      const details = page.getByRole("region", { name: "פרטי הלקוח" });
      await details.getByLabel("שם העסק").fill("לא נשמר");
      await details.getByRole("button", { name: "שחזר פרטים שמורים" }).click();
      await expect(details.getByLabel("שם העסק")).toHaveValue(client.businessName);
      await expectNoSidewaysScroll(page);

      await details.getByLabel("שם העסק").fill(`${client.businessName} בע"מ`);
      await details.getByRole("button", { name: "שמור פרטי לקוח" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.id}/config\\?tab=general`));
      await expect(page.getByText("פרטי הלקוח עודכנו בהצלחה", { exact: true })).toBeVisible();
      await expect(details.getByLabel("שם העסק")).toHaveValue(`${client.businessName} בע"מ`);
    });
  });
});
