import type { Page } from "@playwright/test";
import { DESKTOP, expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * A Hebrew screen speaks Hebrew: a stored code (a business type, a tone, a sales-flow stage, a
 * check name) is shown as words, never as the identifier it is stored as. An identifier a page
 * shows on purpose (a license key, a session ID, a setting's name) is marked as such: inside
 * <code> or translate="no".
 */
const IDENTIFIER = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b/g;
/** Names that happen to look like identifiers. */
const NAMES = new Set(["jQuery"]);

/** The visible text of the page's main content and any open dialog, leaving out what is marked as code. */
async function leftoverIdentifiers(page: Page) {
  const texts = await page.evaluate(() => {
    const roots = [document.querySelector("main"), ...document.querySelectorAll("[role=dialog]")].filter(
      (root) => root !== null,
    );
    const found: string[] = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || element.closest("code, kbd, samp, [translate=no], script, style")) continue;
        // Options of a select are part of what the operator reads even when the list is closed.
        if (!element.closest("select") && !element.checkVisibility({ visibilityProperty: true })) continue;
        const text = node.textContent?.trim();
        if (text) found.push(text);
      }
    }
    return found;
  });
  return texts.flatMap((text) =>
    (text.match(IDENTIFIER) ?? [])
      .filter((word) => !NAMES.has(word))
      .map((word) => `${word} (in "${text.slice(0, 80)}")`),
  );
}

/** Opens each page in Hebrew and lists the identifiers its visible text shows. */
async function leftoversOn(page: Page, paths: string[]) {
  const leftovers: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    for (const leftover of await leftoverIdentifiers(page)) leftovers.push(`${path}: ${leftover}`);
  }
  return leftovers;
}

test.describe("the Hebrew admin with demo data", () => {
  test.setTimeout(180_000);

  test("shows no identifier in visible text on the main screens and Quick View", async ({ page, signIn }) => {
    await signIn();
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, "/admin/chat-sessions?period=all&lng=he");
    const sessionPath = await page.getByRole("table").getByRole("link", { name: "פרטים" }).first().getAttribute("href");
    const leftovers = await leftoversOn(page, [
      "/admin",
      "/admin/clients",
      "/admin/clients?add",
      "/admin/leads?tab=inquiries",
      "/admin/leads?tab=contacts",
      "/admin/leads?tab=newsletter",
      "/admin/completed-functions",
      "/admin/billing",
      "/admin/plugin",
      "/admin/analytics",
      "/admin/chat-sessions?period=all",
      sessionPath!,
      "/admin/ai-training",
      "/admin/system-status",
    ]);

    // Quick View's dialog, with the conversation it loads.
    await gotoHydrated(page, "/admin/chat-sessions?period=all");
    await page.getByRole("table").getByRole("button", { name: "תצוגה מהירה" }).first().click();
    await expect(page.getByRole("dialog").getByText("סיכום השיחה")).toBeVisible();
    for (const leftover of await leftoverIdentifiers(page)) leftovers.push(`Quick View: ${leftover}`);

    expect(leftovers).toEqual([]);
  });

  // Every client's thirteen screens, in four parts that run side by side, as the server renders them: the
  // text is the same once the page has hydrated (React reports a mismatch as a console error, which fails
  // a test), and without JavaScript a page costs the browser about a third of its CPU, over some 250 pages.
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    const PARTS = 4;
    for (let part = 0; part < PARTS; part++) {
      test(`shows no identifier in visible text on the client screens (part ${part + 1} of ${PARTS})`, async ({
        page,
        signIn,
      }) => {
        await signIn();
        await page.setViewportSize(DESKTOP);
        await page.goto("/admin/clients?lng=he");
        const clientIds = await page
          .getByRole("table")
          .getByRole("link", { name: /^פרטי / })
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("/").pop()!));
        expect(clientIds.length).toBeGreaterThan(3);
        const paths = clientIds
          .filter((_, index) => index % PARTS === part)
          .flatMap((id) => [
            ...["overview", "usage", "sessions", "training", "delivery", "privacy", "access", "settings"].map(
              (tab) => `/admin/clients/${id}?tab=${tab}`,
            ),
            `/admin/clients/${id}/config?tab=general`,
            `/admin/clients/${id}/config?tab=sales`,
            `/admin/clients/${id}/config?tab=api`,
            `/admin/clients/${id}/config?tab=summary`,
            `/admin/clients/${id}/wordpress-connection`,
          ]);
        expect(await leftoversOn(page, paths)).toEqual([]);
      });
    }
  });

  test("shows business types, tones and sales-flow stages as words", async ({ page, signIn }) => {
    await signIn();
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, "/admin/clients?lng=he&q=simcha");
    await expect(page.getByRole("table").getByRole("cell", { name: "פלטפורמת תכנון אירועים" })).toBeVisible();
    await page.getByRole("link", { name: /^פרטי / }).click();
    await expect(page.getByText("פלטפורמת תכנון אירועים ·")).toBeVisible();
    const clientPath = new URL(page.url()).pathname;

    await gotoHydrated(page, `${clientPath}/config?tab=summary`);
    const client = page.getByRole("region", { name: "לקוח", exact: true });
    await expect(client.getByText("פלטפורמת תכנון אירועים")).toBeVisible();
    const flow = page.getByRole("region", { name: "דוגמה לזרימת שיחה" });
    for (const stage of ["זיהוי צורך", "הצגת פתרון", "סגירת עסקה"]) await expect(flow.getByText(stage)).toBeVisible();
    await expect(page.getByRole("region", { name: "אינטגרציה" })).toContainText("טון אנרגטי");

    await gotoHydrated(page, "/admin/chat-sessions?period=all&search=simcha");
    await page.getByRole("table").getByRole("button", { name: "תצוגה מהירה" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("פלטפורמת תכנון אירועים")).toBeVisible();
    await page.screenshot({ path: "/tmp/h2-quick-view-he.png" });

    // The same screens in English say the same in English.
    await gotoHydrated(page, `${clientPath}/config?tab=summary&lng=en`);
    await expect(
      page.getByRole("region", { name: "Client", exact: true }).getByText("Party planning platform"),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Example conversation flow" }).getByText("Need identification"),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Integration" })).toContainText("Energetic");
  });
});
