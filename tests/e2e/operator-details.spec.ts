import { randomUUID } from "node:crypto";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/** A 1,366 px laptop screen, the narrowest an operator's desk has. */
const LAPTOP = { width: 1366, height: 768 };

const TEXTS = {
  en: {
    language: "Language",
    applyLanguage: "Apply",
    other: "he",
    monitor: "Chat Sessions Monitor",
    quickView: "Quick View",
    details: "Details",
    export: "Export",
    search: "Search",
    dateTime: /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/,
    openChat: "Open chat",
    addClient: "Add New Client",
    addTitle: "Add a new client",
    submitAdd: "Add client",
  },
  he: {
    language: "שפה",
    applyLanguage: "החל",
    other: "en",
    monitor: "מעקב שיחות צ'אט",
    quickView: "תצוגה מהירה",
    details: "פרטים",
    export: "ייצוא",
    search: "חיפוש",
    dateTime: /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    openChat: "פתיחת צ'אט",
    addClient: "הוספת לקוח חדש",
    addTitle: "הוספת לקוח חדש",
    submitAdd: "הוספת לקוח",
  },
} as const;

for (const language of ["en", "he"] as const) {
  const text = TEXTS[language];

  test.describe(`small things an operator notices (${language})`, () => {
    test("the language switch keeps the page's filters and page", async ({ page, signIn }) => {
      await signIn();
      await gotoHydrated(page, `/admin/chat-sessions?lng=${language}&period=all&page=2`);
      await page.getByRole("combobox", { name: text.language }).selectOption(text.other);
      await expect(page.locator("html")).toHaveAttribute("lang", text.other);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/admin/chat-sessions");
      expect(Object.fromEntries(url.searchParams)).toEqual({ period: "all", page: "2", lng: text.other });
    });

    test("the monitor's row actions fit one row at 1,366 px, and its dates are day first on a 24-hour clock", async ({
      page,
      signIn,
    }) => {
      await signIn();
      await page.setViewportSize(LAPTOP);
      await gotoHydrated(page, `/admin/chat-sessions?lng=${language}&period=all`);
      await expect(page.getByRole("heading", { name: text.monitor, level: 1 })).toBeVisible();
      const table = page.getByRole("table");
      const fits = await table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth);
      expect(fits, "the table scrolls sideways").toBe(true);
      await expectNoSidewaysScroll(page);
      const row = table.getByRole("row").nth(1);
      const actions = [
        row.getByRole("button", { name: text.quickView }),
        row.getByRole("link", { name: text.details }),
        row.getByRole("link", { name: text.export }),
      ];
      // One row: their middles within a few pixels (a second row would be a button's height lower).
      const middles = await Promise.all(
        actions.map(async (action) => ((box) => box.y + box.height / 2)((await action.boundingBox())!)),
      );
      expect(Math.max(...middles) - Math.min(...middles), `actions' middles at ${middles.join(", ")}`).toBeLessThan(8);
      for (const action of actions) await expect(action).toBeInViewport();
      await expect(row.locator("time").first()).toHaveText(text.dateTime);
      await page.screenshot({ path: `/tmp/h2-monitor-${language}-1366.png` });

      // On the phone the cards have room for the actions' words.
      await page.setViewportSize(PHONE);
      await expect(page.getByRole("link", { name: text.details }).first()).toContainText(text.details);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/h2-monitor-${language}-phone.png` });
    });

    test("a visitor's address shows as 127.0.0.1, not ::ffff:127.0.0.1", async ({ page, signIn }) => {
      await signIn();
      await gotoHydrated(page, `/admin/clients?lng=${language}&q=alex-ai.example`);
      const license = await page.getByRole("table").locator("code").first().textContent();
      const response = await page.request.post("/api/wordpress/messages", {
        data: { license, clientMessageId: randomUUID(), message: "hello" },
      });
      expect(response.status()).toBe(200);
      const { sessionId } = (await response.json()) as { sessionId: string };

      await gotoHydrated(
        page,
        `/admin/chat-sessions?lng=${language}&period=all&search=${encodeURIComponent(sessionId)}`,
      );
      const row = page.getByRole("table").getByRole("row").nth(1);
      await expect(row.getByRole("cell", { name: "127.0.0.1", exact: true })).toBeVisible();
      await expect(page.getByRole("main")).not.toContainText("::ffff:");
      await row.getByRole("button", { name: text.quickView }).click();
      await expect(page.getByRole("dialog").getByText("127.0.0.1", { exact: true })).toBeVisible();
    });

    test("'Open chat' is offered for active clients only", async ({ page, signIn }) => {
      await signIn();
      for (const status of ["suspended", "cancelled"] as const) {
        await gotoHydrated(page, `/admin/clients?lng=${language}&status=${status}`);
        await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(1);
        await expect(page.getByRole("table").getByRole("link", { name: new RegExp(text.openChat) })).toHaveCount(0);
      }
      await gotoHydrated(page, `/admin/clients?lng=${language}&status=active`);
      const rows = await page.getByRole("table").getByRole("row").count();
      await expect(page.getByRole("table").getByRole("link", { name: new RegExp(text.openChat) })).toHaveCount(
        rows - 1,
      );
    });

    test("the dashboard's Add New Client opens the add-client dialog", async ({ page, signIn }) => {
      await signIn();
      await page.setViewportSize(DESKTOP);
      await gotoHydrated(page, `/admin?lng=${language}`);
      await page.getByRole("link", { name: text.addClient }).click();
      await expect(page).toHaveURL(/\/admin\/clients\?add/);
      await expect(page.getByRole("dialog", { name: text.addTitle })).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("button", { name: text.submitAdd })).toBeVisible();
      await page.screenshot({ path: `/tmp/h2-add-from-dashboard-${language}.png` });
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the dashboard's Add New Client leads to the add-client section", async ({ page, signIn }) => {
        await signIn();
        await page.goto(`/admin?lng=${language}`);
        await page.getByRole("link", { name: text.addClient }).click();
        await expect(page).toHaveURL(/\/admin\/clients\?add#add-client-section$/);
        await expect(page.getByRole("region", { name: text.addTitle })).toBeInViewport();
      });

      test("the language switch keeps the page's query", async ({ page, signIn }) => {
        await signIn();
        await page.goto(`/admin/clients?lng=${language}&status=active&q=co.il`);
        await page.getByRole("combobox", { name: text.language }).selectOption(text.other);
        await page.getByRole("button", { name: text.applyLanguage }).click();
        await expect(page.locator("html")).toHaveAttribute("lang", text.other);
        expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
          status: "active",
          q: "co.il",
          lng: text.other,
        });
      });
    });
  });
}
