import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { DESKTOP, expect, gotoHydrated, PHONE, test, visitorAddress } from "./fixtures.ts";
import { newBusiness } from "./portal-fixtures.ts";

/*
 * The inbox tells the person who has it open that a visitor began to wait: a browser notification
 * (once they allowed them) that opens the conversation, and a chime they can turn off. The page's
 * Notification and AudioContext are the browser's own, watched: what the person would see and hear
 * is recorded in the page, since a headless browser shows and plays nothing.
 */
const TEXT = {
  he: {
    live: "בזמן אמת",
    notificationsOn: "ההתראות פעילות",
    sound: "צליל",
    title: "גולש/ת מחכה לנציג",
    body: "ביקש/ה לדבר עם נציג.",
    ask: "אני רוצה לדבר עם נציג, בבקשה",
    takeOver: "השתלט/י על השיחה",
  },
  en: {
    live: "Live",
    notificationsOn: "Notifications on",
    sound: "Sound",
    title: "A visitor is waiting for a person",
    body: "asked to talk to a person.",
    ask: "Can I talk to a real person, please?",
    takeOver: "Take over",
  },
} as const;

type Recorded = { title: string; body: string; tag: string };
declare global {
  interface Window {
    alexNotifications: { record: Recorded; open: () => void }[];
    alexChimes: number;
  }
}

/** Records every notification the page makes (and how to click it) and every tone it plays. */
async function watchAlerts(page: Page) {
  await page.addInitScript(() => {
    window.alexNotifications = [];
    window.alexChimes = 0;
    const Browser = window.Notification;
    class Watched extends Browser {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        window.alexNotifications.push({
          record: { title, body: options?.body ?? "", tag: options?.tag ?? "" },
          open: () => this.onclick?.(new Event("click")),
        });
      }
    }
    // Chromium's headless shell answers "denied" whatever the person allowed (its permissions API
    // says granted): the page is told what a person who allowed notifications is told.
    Object.defineProperty(Watched, "permission", { get: () => "granted" });
    window.Notification = Watched;
    const play = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      window.alexChimes += 1;
      return play.call(this);
    };
  });
}

const notifications = (page: Page) =>
  page.evaluate(() => window.alexNotifications.map((notification) => notification.record));
const chimes = (page: Page) => page.evaluate(() => window.alexChimes);

/** A new visitor of the business asks for a person through the widget's message API; its session id. */
async function visitorAsks(request: APIRequestContext, licenseKey: string, message: string) {
  const response = await request.post("/api/wordpress/messages", {
    headers: { "X-Forwarded-For": visitorAddress() },
    data: { license: licenseKey, clientMessageId: randomUUID(), message },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

for (const [language, device, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  const text = TEXT[language];

  test(`(${language}, ${device}) a visitor who begins to wait is announced with a notification that opens the conversation, and a chime that can be turned off`, async ({
    page,
    signIn,
    request,
  }) => {
    await watchAlerts(page);
    await page.setViewportSize(viewport);
    await signIn();
    const business = await newBusiness(page, `Alerts bakery ${language}`);
    await gotoHydrated(page, `/admin/inbox?clientId=${business.id}&lng=${language}`);
    await expect(page.getByText(text.live, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(text.notificationsOn)).toBeVisible();
    const sound = page.getByRole("button", { name: text.sound });
    await expect(sound).toHaveAttribute("aria-pressed", "true");

    const first = await visitorAsks(request, business.licenseKey, text.ask);
    await expect(page.locator(`a[href="/admin/session/${first}"]`)).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(() => notifications(page))
      .toEqual([{ title: text.title, body: expect.stringContaining(text.body), tag: first }]);
    await expect.poll(() => chimes(page)).toBeGreaterThan(0);

    // Sound off, remembered in this browser: the next visitor is announced without a chime.
    await sound.click();
    await expect(sound).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(page.getByRole("button", { name: text.sound })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText(text.live, { exact: true })).toBeVisible({ timeout: 15_000 });
    const second = await visitorAsks(request, business.licenseKey, text.ask);
    await expect(page.locator(`a[href="/admin/session/${second}"]`)).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await notifications(page)).map((record) => record.tag)).toEqual([second]);
    expect(await chimes(page)).toBe(0);

    // The notification opens that visitor's conversation, ready to take.
    await page.evaluate(() => window.alexNotifications[0]!.open());
    await expect(page).toHaveURL(`/admin/session/${second}`);
    await expect(page.getByRole("button", { name: text.takeOver })).toBeVisible();
  });
}
