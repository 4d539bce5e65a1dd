import type { Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { clients, trainingConfigs } from "#db/schema.ts";
import { freePort, startServer, TEST_ADMIN, type RunningServer } from "../support/server.ts";
import { startWordPress, wordpressAvailable, type WordPressSite } from "../support/wordpress.ts";
import { DESKTOP, expect, expectNoSidewaysScroll, PHONE, test, waitForHydration } from "./fixtures.ts";

/**
 * /admin/system-status against a real WordPress with our plugin (connected) and a client
 * whose site is a dead port (disconnected), in Hebrew and English, on a phone and a desktop.
 */
// Real round trips to WordPress (a refresh runs five checks, a full test eleven): more than the default 30 s on a loaded machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const LICENSE = {
  live: "alex_0000000000000000000000000000e2e1",
  dead: "alex_0000000000000000000000000000e2e2",
  slow: "alex_0000000000000000000000000000e2e3",
};

let alex: RunningServer;
let site: WordPressSite;
let hanging: Server;
const ids = { live: 0, dead: 0, slow: 0 };

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(240_000);
  const available = wordpressAvailable();
  if (!available.ok) throw new Error(available.reason);
  hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  const [deadPort, sitePort] = [await freePort(), await freePort()];
  const siteUrls = {
    live: `http://127.0.0.1:${sitePort}`,
    dead: `http://127.0.0.1:${deadPort}`,
    slow: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
  };
  const names = { live: "אתר חי", dead: "Dead Site", slow: "Slow Site" };
  alex = await startServer(
    { SCANNER_ALLOW_HOSTS: "127.0.0.1" },
    {
      prepareDatabase: async (db) => {
        for (const name of ["live", "dead", "slow"] as const) {
          // "0 …" sorts them first in the client selector.
          const [client] = await db
            .insert(clients)
            .values({
              businessName: `0 ${names[name]}`,
              ownerEmail: "owner@e2e.test",
              websiteDomain: "e2e.test",
              businessType: "services",
              licenseKey: LICENSE[name],
            })
            .returning({ id: clients.id });
          ids[name] = client!.id;
          await db
            .insert(trainingConfigs)
            .values({ clientId: client!.id, businessType: "services", greeting: "שלום!" });
        }
      },
    },
  );
  const api = await playwright.request.newContext({ baseURL: alex.url });
  expect((await api.post("/login", { form: TEST_ADMIN, maxRedirects: 0 })).status()).toBe(302);
  const zip = await api.get(`/api/download/plugin?licenseKey=${LICENSE.live}`);
  site = await startWordPress({
    locale: "he_IL",
    port: sitePort,
    pluginZip: await zip.body(),
    pluginFile: "alex-ai-assistant/alex-ai-assistant.php",
    applicationPassword: true,
  });
  const [username, password] = site.applicationPassword!.split(/:(.*)/s) as [string, string];
  // Each client's WordPress connection, saved as an operator would, through the form's route.
  for (const name of ["live", "dead", "slow"] as const) {
    const saved = await api.post(`/admin/clients/${ids[name]}/wordpress-connection`, {
      form: { siteUrl: siteUrls[name], username, applicationPassword: password },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
  }
  await api.dispose();
});

test.afterAll(async () => {
  await Promise.all([
    site?.stop(),
    alex?.stop(),
    new Promise((resolve) => (hanging ? hanging.close(resolve) : resolve(null))),
  ]);
});

async function signInToAlex(page: Page) {
  const response = await page.request.post(`${alex.url}/login`, { form: TEST_ADMIN, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

const TEXT = {
  en: {
    title: "Client System Status",
    refresh: "Refresh Status",
    full: "Full System Test",
    connected: "Connected",
    disconnected: "Disconnected",
    wordpressTab: "WordPress Test",
    uploadTab: "Upload Test",
    runUpload: "Run Upload Test",
    testing: "Testing…",
    refused: "The connection was refused: nothing answers on that address and port, or a firewall blocks it.",
  },
  he: {
    title: "מצב המערכת של הלקוח",
    refresh: "רענון מצב",
    full: "בדיקת מערכת מלאה",
    connected: "מחובר",
    disconnected: "מנותק",
    wordpressTab: "בדיקת וורדפרס",
    uploadTab: "בדיקת העלאה",
    runUpload: "הרצת בדיקת העלאה",
    testing: "בודק…",
    refused: "החיבור נדחה: אף שרת לא עונה בכתובת ובפורט האלה, או שחומת אש חוסמת אותם.",
  },
} as const;

for (const language of ["en", "he"] as const) {
  test(`(${language}) a live site with our plugin is connected, a dead port disconnected with the server's error`, async ({
    page,
  }) => {
    const text = TEXT[language];
    await signInToAlex(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${alex.url}/admin/system-status?lng=${language}&clientId=${ids.live}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
    await expect(page.getByText(LICENSE.live)).toBeVisible();
    await page.getByRole("button", { name: text.refresh }).click();
    await expect(
      page
        .getByRole("region", { name: language === "en" ? "WordPress site and plugin" : "אתר הוורדפרס והתוסף" })
        .getByText(text.connected, { exact: true })
        .first(),
    ).toBeVisible({ timeout: 20_000 });
    for (const kind of language === "en"
      ? ["Database", "WordPress site and plugin", "AI provider", "Media upload"]
      : ["מסד הנתונים", "אתר הוורדפרס והתוסף", "ספק ה-AI", "העלאת מדיה"]) {
      await expect(
        page.getByRole("region", { name: kind }).getByText(text.connected, { exact: true }).first(),
        kind,
      ).toBeVisible();
    }
    await page.screenshot({ path: `screenshots/system-status-connected-${language}-desktop.png`, fullPage: true });

    await page.getByLabel(language === "en" ? "Client" : "לקוח").selectOption(String(ids.dead));
    await expect(page).toHaveURL(new RegExp(`clientId=${ids.dead}`));
    await page.getByRole("button", { name: text.full }).click();
    const wordpressCard = page.getByRole("region", {
      name: language === "en" ? "WordPress site and plugin" : "אתר הוורדפרס והתוסף",
    });
    await expect(wordpressCard.getByText(text.disconnected, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(wordpressCard.getByText(text.refused).first()).toBeVisible();
    await expect(
      page.getByRole("region", { name: language === "en" ? "Full System Test" : "בדיקת מערכת מלאה" }),
    ).toContainText(language === "en" ? "Integration Issues Found" : "נמצאו בעיות באינטגרציה");
    await page.screenshot({ path: `screenshots/system-status-disconnected-${language}-desktop.png`, fullPage: true });

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `screenshots/system-status-disconnected-${language}-phone.png`, fullPage: true });
  });
}

test("the WordPress Test and Upload Test tabs: endpoints, the connection form, a testing state and the upload results", async ({
  page,
}) => {
  await signInToAlex(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`${alex.url}/admin/system-status?lng=he&clientId=${ids.live}&tab=wordpress`);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(`${site.url}/wp-json/alex/v1/status`)).toBeVisible();
  await expect(page.getByLabel("כתובת האתר")).toHaveValue(site.url);
  await expect(page.getByLabel("סיסמת אפליקציה")).toHaveValue("");
  await page.getByRole("button", { name: "בדיקת וורדפרס" }).click();
  await expect(
    page.getByRole("region", { name: "אתר הוורדפרס והתוסף" }).getByText("מחובר", { exact: true }).first(),
  ).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: "screenshots/system-status-wordpress-he-desktop.png", fullPage: true });

  await page.getByRole("link", { name: TEXT.he.uploadTab }).click();
  await page.getByRole("button", { name: TEXT.he.runUpload }).click();
  const upload = page.getByRole("region", { name: "העלאת מדיה" });
  await expect(upload.getByText("מחובר", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await upload.getByText("פרטים").click();
  await expect(upload.getByText("deleted", { exact: true })).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "screenshots/system-status-upload-he-phone.png", fullPage: true });

  // A site that never answers: the card says "testing" while the check runs, then the 5 s timeout.
  await page.setViewportSize(DESKTOP);
  await page.goto(`${alex.url}/admin/system-status?lng=en&clientId=${ids.slow}&tab=upload`);
  await waitForHydration(page);
  await page.getByRole("button", { name: TEXT.en.runUpload }).click();
  const slowCard = page.getByRole("region", { name: "Media upload" });
  await expect(slowCard.getByText("Testing", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: TEXT.en.testing }).first()).toBeDisabled();
  await page.screenshot({ path: "screenshots/system-status-testing-en-desktop.png", fullPage: true });
  await expect(slowCard.getByText("No answer within 5 seconds.").first()).toBeVisible({ timeout: 15_000 });

  // The connection form saves through its own route and comes back here with a toast.
  await page.getByRole("link", { name: "WordPress Test" }).click();
  await page.getByLabel("WordPress user").fill("someone-else");
  await page.getByRole("button", { name: "Save connection" }).click();
  await expect(page.getByText("WordPress connection saved", { exact: true })).toBeVisible();
  await expect(page.getByLabel("WordPress user")).toHaveValue("someone-else");
  await page.screenshot({ path: "screenshots/system-status-wordpress-en-desktop.png", fullPage: true });
});
