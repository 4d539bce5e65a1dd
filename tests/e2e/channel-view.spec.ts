import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

const TEXTS = {
  he: {
    channel: "ערוץ",
    whatsapp: "WhatsApp",
    showingOne: "מוצגות 1 מתוך 1 שיחות (עמוד 1 מתוך 1)",
    details: "פרטים",
    summary: "סיכום השיחה",
    byChannel: "שיחות לפי ערוץ",
    website: "אתר",
  },
  en: {
    channel: "Channel",
    whatsapp: "WhatsApp",
    showingOne: "Showing 1 of 1 sessions (Page 1 of 1)",
    details: "Details",
    summary: "Session Summary",
    byChannel: "Conversations by channel",
    website: "Website",
  },
} as const;

for (const [language, viewport, width] of [
  ["he", PHONE, 390],
  ["en", DESKTOP, 1280],
] as const) {
  const text = TEXTS[language];

  test(`the monitor filtered to WhatsApp shows only that session, and its page says so (${language} ${width})`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    await signIn();
    await gotoHydrated(page, `/admin/chat-sessions?period=all&lng=${language}`);

    // The filter applies at once and the URL keeps it beside the period.
    await page.getByLabel(text.channel).selectOption("whatsapp");
    await expect(page).toHaveURL(/channel=whatsapp/);
    await expect(page).toHaveURL(/period=all/);
    await expect(page.getByText(text.showingOne)).toBeVisible();
    // The demo's one WhatsApp session (db/seed-plan.ts), named by its channel.
    // The table (desktop) and the cards (phone) are both in the page; CSS shows one.
    await expect(page.getByTitle(text.whatsapp).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByTitle(text.website)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `screenshots/channel-monitor-${language}-${width}.png`, fullPage: true });

    // The session page names the channel and only the end of the visitor's WhatsApp number.
    await page.getByRole("link", { name: text.details }).click();
    await expect(page.getByRole("heading", { name: text.summary })).toBeVisible();
    await expect(page.getByTitle(text.whatsapp)).toBeVisible();
    await expect(page.getByText(/^•+\d{4}$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `screenshots/channel-session-${language}-${width}.png`, fullPage: true });
  });

  test(`analytics counts conversations per channel (${language} ${width})`, async ({ page, signIn }) => {
    await page.setViewportSize(viewport);
    await signIn();
    await gotoHydrated(page, `/admin/analytics?days=30&lng=${language}`);
    const card = page.getByRole("region", { name: text.byChannel });
    await expect(card).toBeVisible();
    // The chart is drawn for the eye; its table reads the figures out, one row a channel.
    const table = card.getByRole("table", { includeHidden: true });
    await expect(table.getByRole("row", { includeHidden: true })).toHaveCount(4);
    await expect(table.getByRole("rowheader", { name: text.whatsapp, includeHidden: true })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `screenshots/channel-analytics-${language}-${width}.png`, fullPage: true });
  });
}
