import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";

const TEXTS = {
  en: {
    title: "Chat Sessions Monitor",
    list: "Sessions",
    totalSessions: "Total Sessions",
    pages: "Pages",
    period: "Date Range",
    allTime: "All Time",
    client: "Client",
    search: "Search",
    apply: "Apply filters",
    next: "Next",
    previous: "Previous",
    quickView: "Quick View",
    dialog: "Conversation Details",
    summary: "Session Summary",
    export: "Export",
    exported: "Export Complete",
    details: "Details",
    back: "Back to Sessions",
    showing: (page: number) => new RegExp(`Showing 10 of [\\d,]+ sessions \\(Page ${page} of \\d+\\)`),
    noMatch: (search: string) => `No sessions found matching "${search}"`,
  },
  he: {
    title: "מעקב שיחות צ'אט",
    list: "שיחות",
    totalSessions: "סך השיחות",
    pages: "עמודים",
    period: "טווח תאריכים",
    allTime: "כל הזמן",
    client: "לקוח",
    search: "חיפוש",
    apply: "החלת סינון",
    next: "הבא",
    previous: "הקודם",
    quickView: "תצוגה מהירה",
    dialog: "פרטי השיחה",
    summary: "סיכום השיחה",
    export: "ייצוא",
    exported: "הייצוא הושלם",
    details: "פרטים",
    back: "חזרה לשיחות",
    showing: (page: number) => new RegExp(`מוצגות 10 מתוך [\\d,]+ שיחות \\(עמוד ${page} מתוך \\d+\\)`),
    noMatch: (search: string) => `לא נמצאו שיחות התואמות ל-"${search}"`,
  },
} as const;

test.describe("Chat sessions monitor", () => {
  for (const language of ["en", "he"] as const) {
    const text = TEXTS[language];

    test(`filters, pages, Quick View and export (${language})`, async ({ page, signIn }) => {
      await page.setViewportSize(DESKTOP);
      await signIn();
      await gotoHydrated(page, `/admin/chat-sessions?lng=${language}`);
      await expect(page.getByRole("heading", { name: text.title, level: 1 })).toBeVisible();

      // A new period applies at once, and the URL carries it.
      await page.getByLabel(text.period).selectOption("all");
      await expect(page).toHaveURL(/period=all/);
      await expect(page.getByText(text.showing(1))).toBeVisible();
      const pages = page.getByRole("navigation", { name: text.pages });
      await expect(pages.getByRole("link", { name: text.next })).toHaveAttribute("href", /period=all/);

      // Pagination keeps the filters; a filter change goes back to page 1.
      await pages.getByRole("link", { name: text.next }).click();
      await expect(page).toHaveURL(/period=all.*page=2|page=2.*period=all/);
      await expect(page.getByText(text.showing(2))).toBeVisible();
      const firstClient = await page.getByLabel(text.client).locator("option").nth(1).getAttribute("value");
      await page.getByLabel(text.client).selectOption(firstClient!);
      await expect(page).toHaveURL(new RegExp(`clientId=${firstClient}`));
      expect(new URL(page.url()).searchParams.get("page")).toBeNull();
      await page.getByLabel(text.client).selectOption("");

      // Quick View opens the conversation with its summary.
      await expect(page).not.toHaveURL(/clientId=\d/);
      const table = page.getByRole("table");
      const dialog = page.getByRole("dialog", { name: text.dialog });
      // The list may still be redrawn (the cleared filter's data, or a live update from another test's
      // visitor), taking an opened dialog's row with it: the operator would click again.
      await expect(async () => {
        await table.getByRole("button", { name: text.quickView }).first().click({ timeout: 5_000 });
        await expect(dialog).toBeVisible({ timeout: 5_000 });
      }).toPass();
      await expect(dialog.getByRole("heading", { name: text.summary })).toBeVisible();
      await expect(dialog.getByRole("listitem").first()).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // Export downloads the CSV and says so.
      const download = page.waitForEvent("download");
      await table.getByRole("link", { name: text.export }).first().click();
      expect((await download).suggestedFilename()).toMatch(/^session-[\w-]+\.csv$/);
      await expect(table.getByText(text.exported).first()).toBeVisible();

      // A search with no match says what was searched.
      await page.getByLabel(text.search).fill("zzzz-no-such");
      await page.getByRole("button", { name: text.apply }).click();
      await expect(page).toHaveURL(/search=zzzz-no-such/);
      await expect(page.getByText(text.noMatch("zzzz-no-such"))).toBeVisible();
      await expect(pages).toHaveCount(0);
    });

    test(`Details opens the session page, and back (${language})`, async ({ page, signIn }) => {
      await signIn();
      await page.setViewportSize(DESKTOP);
      await gotoHydrated(page, `/admin/chat-sessions?period=all&lng=${language}`);
      await page.getByRole("table").getByRole("link", { name: text.details }).first().click();
      await expect(page).toHaveURL(/\/admin\/session\/sess_/);
      await expect(page.getByRole("heading", { name: text.summary })).toBeVisible();
      await page.getByRole("link", { name: text.back }).click();
      await expect(page.getByRole("heading", { name: text.title, level: 1 })).toBeVisible();
    });

    test(`on a phone the list comes before the figures (${language})`, async ({ page, signIn }) => {
      await page.setViewportSize(PHONE);
      await signIn();
      await gotoHydrated(page, `/admin/chat-sessions?period=all&lng=${language}`);
      const list = page.getByRole("region", { name: text.list, exact: true });
      await expect(list.getByRole("heading", { name: text.list, exact: true })).toBeInViewport();
      const firstFigure = page.getByRole("heading", { name: text.totalSessions, level: 2, exact: true });
      const listTop = (await list.boundingBox())!.y;
      expect((await firstFigure.boundingBox())!.y).toBeGreaterThan(listTop);
      // The figures are still there, after the list.
      await firstFigure.scrollIntoViewIfNeeded();
      await expect(firstFigure).toBeInViewport();
    });

    test(`has no axe violations and no sideways scroll on a phone (${language})`, async ({ page, signIn }) => {
      await signIn();
      await gotoHydrated(page, `/admin/chat-sessions?period=all&lng=${language}`);
      await expectNoAxeViolations(page);
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page);
    });

    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`screenshot: chat sessions ${language} ${width}`, async ({ page, signIn }) => {
        await page.setViewportSize(viewport);
        await signIn();
        await gotoHydrated(page, `/admin/chat-sessions?period=month&lng=${language}`);
        // Every column, the actions included, fits the width: nothing scrolls sideways, the table neither.
        await expectNoSidewaysScroll(page);
        if (width === "desktop") {
          const table = page.getByRole("table");
          expect(
            await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth),
          ).toBeLessThanOrEqual(0);
        }
        await page.screenshot({ path: `screenshots/chat-sessions-${language}-${width}.png`, fullPage: true });
        await page.getByRole("button", { name: text.quickView }).first().click();
        await expect(page.getByRole("dialog").getByRole("heading", { name: text.summary })).toBeVisible();
        await page.screenshot({ path: `screenshots/chat-session-quick-view-${language}-${width}.png` });
        await page.keyboard.press("Escape");
        await page.getByRole("link", { name: text.details }).first().click();
        await expect(page.getByRole("heading", { name: text.summary })).toBeVisible();
        await page.screenshot({ path: `screenshots/chat-session-detail-${language}-${width}.png`, fullPage: true });
      });
    }
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the filter form and the pages are plain links and a GET form", async ({ page, signIn }) => {
      await signIn();
      await page.goto("/admin/chat-sessions?lng=en");
      await page.getByLabel("Date Range").selectOption("all");
      await page.getByLabel("Search").fill("203.0.113");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/period=all/);
      await expect(page).toHaveURL(/search=203.0.113/);
      await expect(
        page
          .getByRole("table")
          .getByText(/203\.0\.113\./)
          .first(),
      ).toBeVisible();
    });
  });
});
