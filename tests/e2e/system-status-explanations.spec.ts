import type { Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * A failed check as the operator meets it: a short explanation in the page's language, the raw
 * error (a long OpenSSL line) behind a toggle and wrapped inside its card at 1,366 px and on a
 * phone; a domain typed without a scheme tried over https, then http; and a result stored in one
 * language shown in the other. The site is a WordPress stand-in over plain http, without our plugin.
 */
test.describe.configure({ mode: "serial" });

const LAPTOP = { width: 1366, height: 768 };

let site: Server;
let sitePort = 0;

test.beforeAll(async () => {
  site = createServer((request, response) => {
    response.writeHead(request.url === "/wp-json/" ? 200 : 404, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify(
        request.url === "/wp-json/" ? { name: "Stand-in", namespaces: ["wp/v2"] } : { message: "No route was found." },
      ),
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

const TEXT = {
  en: {
    runWordPress: "Test WordPress",
    card: "WordPress site and plugin",
    httpOnly: "The site answers over http only: https is not set up on it.",
    raw: "What the site said",
    fallback:
      /^The address has no http:\/\/ or https:\/\/: https did not work, so the check used http\. Why https did not: The site answers over http only/,
    pluginMissing: "Alex's plugin is not active on the site (alex/v1 is not among its REST namespaces).",
    fullTest: "Full System Test",
    clientRecord: "Client record",
  },
  he: {
    runWordPress: "בדיקת וורדפרס",
    card: "אתר הוורדפרס והתוסף",
    httpOnly: "האתר עונה ב-http בלבד: https אינו מוגדר בו.",
    raw: "מה האתר השיב",
    fallback:
      /^בכתובת אין http:\/\/ או https:\/\/: https לא עבד, ולכן הבדיקה השתמשה ב-http\. למה https לא עבד: האתר עונה ב-http בלבד/,
    pluginMissing: "התוסף של Alex אינו פעיל באתר (alex/v1 אינו בין מרחבי ה-REST שלו).",
    fullTest: "בדיקת מערכת מלאה",
    clientRecord: "רשומת הלקוח",
  },
} as const;

async function addClient(page: Page, name: string, websiteDomain: string) {
  const created = await page.request.post("/api/clients", {
    data: {
      businessName: `${name} ${Date.now()}`,
      ownerEmail: "owner@checks.example",
      websiteDomain,
      businessType: "other",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

for (const language of ["en", "he"] as const) {
  test(`(${language}) https:// on an http-only site: the explanation, the OpenSSL error behind a toggle, no sideways scroll at 1366 and 390`, async ({
    page,
    signIn,
  }) => {
    const text = TEXT[language];
    await signIn();
    const id = await addClient(page, "Http only", "checks.example");
    const saved = await page.request.post(`/admin/clients/${id}/wordpress-connection`, {
      form: { siteUrl: `https://127.0.0.1:${sitePort}`, username: "admin", applicationPassword: "" },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);

    await page.setViewportSize(LAPTOP);
    await gotoHydrated(page, `/admin/system-status?clientId=${id}&tab=wordpress&lng=${language}`);
    await page.getByRole("button", { name: text.runWordPress }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/system-status\\?clientId=${id}&tab=wordpress$`));
    const card = page.getByRole("region", { name: text.card });
    const alert = card.getByText(text.httpOnly).first();
    await expect(alert).toBeVisible();
    const raw = card.getByText(/SSL routines|wrong version number/i);
    await expect(raw).toBeHidden();
    await card.getByText(text.raw, { exact: true }).click();
    await expect(raw).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `/tmp/h1-status-raw-${language}-laptop.png`, fullPage: true });

    await gotoHydrated(page, `/admin/system-status?clientId=${id}&lng=${language}`);
    await page.getByRole("region", { name: text.card }).getByText(text.raw, { exact: true }).click();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `/tmp/h1-status-raw-${language}-phone.png`, fullPage: true });
  });

  test(`(${language}) a domain without a scheme: tried over https, then http, and the card says which answered`, async ({
    page,
    signIn,
  }) => {
    const text = TEXT[language];
    await signIn();
    const id = await addClient(page, "Bare domain", `127.0.0.1:${sitePort}`);
    await gotoHydrated(page, `/admin/system-status?clientId=${id}&tab=wordpress&lng=${language}`);
    await page.getByRole("button", { name: text.runWordPress }).click();
    const card = page.getByRole("region", { name: text.card });
    await expect(card.getByText(text.pluginMissing).first()).toBeVisible();
    await expect(card.getByText(text.fallback)).toBeVisible();
    await page.screenshot({ path: `/tmp/h1-status-fallback-${language}-desktop.png`, fullPage: true });

    // The full test's checks are named in words, not `client_record`.
    await gotoHydrated(page, `/admin/system-status?clientId=${id}&lng=${language}`);
    await page.getByRole("button", { name: text.fullTest }).click();
    const results = page.getByRole("region", { name: text.fullTest });
    await expect(results.getByText(text.clientRecord, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(results.getByText("client_record")).toHaveCount(0);
  });
}

test("a result stored by a Hebrew-speaking operator reads in English for an English-speaking one, and back", async ({
  page,
  signIn,
}) => {
  await signIn();
  const id = await addClient(page, "Two languages", `127.0.0.1:${sitePort}`);
  await gotoHydrated(page, `/admin/system-status?clientId=${id}&tab=wordpress&lng=he`);
  await page.getByRole("button", { name: TEXT.he.runWordPress }).click();
  await expect(page.getByRole("region", { name: TEXT.he.card }).getByText(TEXT.he.pluginMissing).first()).toBeVisible();

  await gotoHydrated(page, `/admin/system-status?clientId=${id}&tab=wordpress&lng=en`);
  const card = page.getByRole("region", { name: TEXT.en.card });
  await expect(card.getByText(TEXT.en.pluginMissing).first()).toBeVisible();
  await expect(card.getByText(TEXT.en.fallback)).toBeVisible();
  await expect(card.getByText(TEXT.he.pluginMissing)).toHaveCount(0);
});
