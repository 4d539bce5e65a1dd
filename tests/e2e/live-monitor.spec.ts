import type { Browser } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  keepOnLoopback,
  PHONE,
  seedClientLicense,
  test,
  visitorAddress,
} from "./fixtures.ts";

/**
 * The operator's screens update live (app/live/live-events.tsx): a visitor writing through the widget
 * shows up on the open chat sessions monitor without a reload, and while the operator is on another
 * page the Chat Sessions link counts the new conversation until they open it.
 */
const SCREENS = process.env.SCREENS_DIR ?? "screenshots/live";

const TEXTS = {
  he: {
    live: "בזמן אמת",
    input: "ההודעה שלך",
    hello: "שלום, אפשר לשאול משהו?",
    openMenu: "פתיחת תפריט",
    navigation: "ניווט ניהול",
    dashboard: "לוח בקרה",
    chatSessions: /^שיחות צ'אט$/,
    chatSessionsNew: /^שיחות צ'אט\s*(חדש אחד|\d+ חדשים)$/,
  },
  en: {
    live: "Live",
    input: "Your message",
    hello: "Hello, can I ask something?",
    openMenu: "Open menu",
    navigation: "Admin navigation",
    dashboard: "Dashboard",
    chatSessions: /^Chat Sessions$/,
    chatSessionsNew: /^Chat Sessions\s*\d+ new$/,
  },
} as const;

let license: string;

// The seed's own client: the public demo's conversations never reach the operators' screens.
test.beforeAll(async ({ request, operatorSessionCookies }) => {
  license = await seedClientLicense(request, operatorSessionCookies);
});

/** A visitor of their own (a fresh browser context: no session kept) writes once; answers their session id. */
async function visitorWrites(browser: Browser, language: "he" | "en") {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() } });
  keepOnLoopback(context);
  const widget = await context.newPage();
  await widget.goto(`/api/wordpress/chat-ui?license=${license}&lang=${language}`);
  const input = widget.getByRole("textbox", { name: TEXTS[language].input });
  await input.fill(TEXTS[language].hello);
  await input.press("Enter");
  await expect(widget.getByRole("log").locator(".message.assistant").nth(1)).toBeVisible({ timeout: 20_000 });
  const sessionId = await widget.evaluate((key) => localStorage.getItem(key), `alex:${license}:session`);
  await context.close();
  expect(sessionId).toMatch(/^sess_/);
  return sessionId!;
}

for (const [language, viewport, width] of [
  ["he", PHONE, "phone"],
  ["en", DESKTOP, "desktop"],
] as const) {
  const text = TEXTS[language];

  test(`(${language}, ${width}) a new conversation shows live, and the badge counts it elsewhere`, async ({
    page,
    browser,
    signIn,
  }) => {
    // Two visitors wait for the built-in responder's answers: twice the usual time.
    test.slow();
    await page.setViewportSize(viewport);
    await signIn();
    await gotoHydrated(page, `/admin/chat-sessions?lng=${language}`);
    // The stream is open once the page says it is live. The monitor lists a session twice (a table, and
    // cards on a phone), one of them hidden.
    await expect(page.getByRole("status").filter({ hasText: text.live })).toBeVisible();

    const first = await visitorWrites(browser, language);
    await expect(page.getByTitle(first).filter({ visible: true })).toBeVisible({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}/monitor-${language}-${width}.png`, fullPage: true });

    // On another page (the same tab and stream), the next conversation is counted on the nav link (with
    // those of tests running beside this one: the count is any).
    // On a phone the navigation is in the menu.
    const navigation = async () => {
      if (width === "phone") await page.getByRole("button", { name: text.openMenu }).click();
      return page.getByRole("navigation", { name: text.navigation });
    };
    await (await navigation()).getByRole("link", { name: text.dashboard }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);

    const second = await visitorWrites(browser, language);
    const badged = (await navigation()).getByRole("link", { name: text.chatSessionsNew });
    await expect(badged).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: `${SCREENS}/badge-${language}-${width}.png` });

    // Opening the monitor is seeing it: the new conversation is listed and the count goes.
    await badged.click();
    await expect(page).toHaveURL(/\/admin\/chat-sessions/);
    await expect(page.getByTitle(second).filter({ visible: true })).toBeVisible();
    await expect((await navigation()).getByRole("link", { name: text.chatSessions })).toBeVisible();
  });
}

test("a conversation that arrives while the operator is leaving the monitor does not restart the way out", async ({
  page,
  signIn,
}) => {
  const text = TEXTS.en;
  await signIn();
  await gotoHydrated(page, "/admin/chat-sessions?lng=en");
  await expect(page.getByRole("status").filter({ hasText: text.live })).toBeVisible();

  // The dashboard's data is held back, so the way there is still under way when the event arrives.
  const dashboardLoads: string[] = [];
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/admin\/dashboard\.data/, async (route) => {
    dashboardLoads.push(route.request().url());
    await held;
    await route.continue().catch(() => {});
  });

  await page.getByRole("navigation", { name: text.navigation }).getByRole("link", { name: text.dashboard }).click();
  await expect.poll(() => dashboardLoads.length).toBe(1);
  // Counted from here: before the click, other tests' visitors may rightly reload the monitor.
  const monitorReloads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/admin/chat-sessions.data")) monitorReloads.push(request.url());
  });
  const answered = await page.request.post("/api/wordpress/messages", {
    headers: { "X-Forwarded-For": visitorAddress() },
    data: { license, clientMessageId: crypto.randomUUID(), message: text.hello },
  });
  expect(answered.status()).toBe(200);
  // The monitor reloads at most a second after an event: give it longer to (wrongly) do so.
  await page.waitForTimeout(1_500);
  letThrough();

  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole("heading", { name: text.dashboard, level: 1 })).toBeVisible();
  expect(dashboardLoads, "the way to the dashboard, loaded once").toHaveLength(1);
  expect(monitorReloads, "reloads of the page being left").toEqual([]);
});
