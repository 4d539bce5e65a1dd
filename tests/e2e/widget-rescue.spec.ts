import { setTimeout as sleep } from "node:timers/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { HEBREW } from "../../app/plugin/gettext.ts";
import {
  BUSY_TEXT,
  startChatStandIn,
  startHostPage,
  type ChatStandIn,
  type HostPageOptions,
} from "../support/chat-stand-in.ts";
import { freePort } from "../support/server.ts";
import { readZip } from "../support/zip.ts";
import { DESKTOP, E2E_ADMIN, expect, PHONE, test, visitorAddress } from "./fixtures.ts";

/**
 * No visitor is ever stuck: the chat UI gives up on a server that stops answering (20 s, streamed
 * replies included) with Try again; and on a business's page (the launcher from the plugin's ZIP,
 * on a page of its own), every state of the chat's panel has a way out, also at phone width where
 * the panel fills the screen, and a chat that could not load loads again by itself once the server is
 * back, or on the next open. A
 * stand-in on its own port (tests/support/chat-stand-in.ts) passes requests to the real server or hangs.
 */
const LABELS = {
  en: {
    openLabel: "Open the chat with Alex",
    closeLabel: "Close the chat",
    frameTitle: "Chat with Alex",
    connectingText: "Connecting to Alex…",
    failedText: "The chat could not load. Please try again in a moment.",
    retryLabel: "Try again",
  },
} as const;
const labels = {
  en: LABELS.en,
  he: Object.fromEntries(Object.entries(LABELS.en).map(([key, value]) => [key, HEBREW[value]!])) as Record<
    keyof typeof LABELS.en,
    string
  >,
};
const TEXT = {
  he: { log: "השיחה", input: "ההודעה שלך", timeout: "Alex לא עונה כרגע. נסו שוב בעוד רגע.", retry: "לנסות שוב" },
  en: {
    log: "Conversation",
    input: "Your message",
    timeout: "Alex is taking too long to answer. Please try again.",
    retry: "Try again",
  },
} as const;
const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;

let host: Awaited<ReturnType<typeof startHostPage>>;
let active: string;
let suspended: string;
let seededLicense: string;
let baseURL: string;
const standIns: ChatStandIn[] = [];

async function addClient(api: APIRequestContext, name: string, websiteDomain: string) {
  const created = await api.post("/api/clients", {
    data: { businessName: name, ownerEmail: "owner@bakery.test", websiteDomain, businessType: "other" },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; licenseKey: string };
}

test.beforeAll(async ({ playwright }, testInfo) => {
  baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post("/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
  seededLicense = /license=(alex_[0-9a-f]{32})/.exec(await (await api.get("/invest-he")).text())![1]!;
  const zip = await api.get(`/api/download/plugin?licenseKey=${seededLicense}`);
  const launcher = readZip(await zip.body()).find((entry) => entry.name.endsWith("assets/launcher.js"))!;
  host = await startHostPage(launcher.data.toString("utf8"), labels);
  const domain = new URL(host.origin).host;
  const tag = `${testInfo.workerIndex}-${Date.now()}`;
  active = (await addClient(api, `Bakery ${tag}`, domain)).licenseKey;
  const closed = await addClient(api, `Closed bakery ${tag}`, domain);
  suspended = closed.licenseKey;
  expect((await api.put(`/api/clients/${closed.id}`, { data: { status: "suspended" } })).status()).toBe(200);
  await api.dispose();
});

test.afterAll(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
  await host?.close();
});

async function standIn(port?: number) {
  const started = await startChatStandIn(baseURL, port);
  standIns.push(started);
  return started;
}

const chatUrl = (origin: string, license: string, language: "he" | "en") =>
  `${origin}/api/wordpress/chat-ui?license=${license}&lang=${language}`;

async function openHost(page: Page, options: HostPageOptions) {
  await page.goto(host.pageUrl(options));
  return page.getByRole("button", { name: labels[options.language].openLabel });
}

test.describe("the chat UI and a server that stops answering", () => {
  for (const [language, mode, width] of [
    ["he", "silent-messages", "phone"],
    ["en", "half-messages", "desktop"],
  ] as const) {
    test(`(${language}, ${width}) ${mode === "silent-messages" ? "no answer at all" : "a streamed reply that goes silent"}: after 20 s a clear message and Try again`, async ({
      page,
    }) => {
      const text = TEXT[language];
      await page.setViewportSize(VIEWPORTS[width]);
      // A visitor of its own: the rest of the suite chats from this machine's address too, and the
      // server's per-address limits must not answer this one's message.
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
      const server = await standIn();
      server.mode = mode;
      await page.clock.install();
      await page.goto(chatUrl(server.url, active, language));
      const input = page.getByRole("textbox", { name: text.input });
      await input.fill(language === "he" ? "מה שעות הפתיחה?" : "When are you open?");
      await input.press("Enter");
      if (mode === "half-messages") await expect(page.getByRole("log")).toContainText("Half a reply");
      else await expect(page.locator("#alex-typing")).toBeVisible();

      await page.clock.fastForward(19_000);
      await expect(page.getByRole("alert")).toHaveCount(0);
      await page.clock.fastForward(1_500);
      await expect(page.getByRole("alert")).toContainText(text.timeout);
      await expect(page.locator("#alex-typing")).toBeHidden();
      await expect(page.getByRole("log")).not.toContainText("Half a reply");
      await page.screenshot({ path: `screenshots/widget-timeout-${language}-${width}.png` });

      server.mode = "proxy";
      await page.getByRole("button", { name: text.retry }).click();
      await expect(page.getByRole("log").locator(".message.assistant")).toHaveCount(2, { timeout: 15_000 });
      await expect(page.getByRole("alert")).toHaveCount(0);
    });
  }
});

test.describe("the chat UI after an outage", () => {
  for (const [language, width] of [
    ["en", "phone"],
    ["he", "desktop"],
  ] as const) {
    test(`(${language}, ${width}) the server is back: the message goes through by itself`, async ({ page }) => {
      const text = TEXT[language];
      await page.setViewportSize(VIEWPORTS[width]);
      // A visitor of its own: the rest of the suite chats from this machine's address too, and the
      // server's per-address limits must not answer this one's message.
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
      const server = await standIn();
      server.mode = "silent-messages";
      await page.clock.install();
      await page.goto(chatUrl(server.url, active, language));
      const input = page.getByRole("textbox", { name: text.input });
      await input.fill(language === "he" ? "האם אתם פתוחים מחר?" : "Are you open tomorrow?");
      await input.press("Enter");
      await expect(page.locator("#alex-typing")).toBeVisible();
      await page.clock.fastForward(20_500);
      const notice = page.getByRole("alert");
      await expect(notice).toContainText(text.timeout);
      await expect(notice.getByRole("button", { name: text.retry })).toBeVisible();

      // Its tries are quiet: the notice and Try again stay while the server is still down.
      await page.clock.fastForward(2_500);
      await expect(notice).toContainText(text.timeout);
      await expect(page.locator("#alex-typing")).toBeHidden();

      // Back: a later try of its own brings the reply (the waits double: 2 s, 4 s, …), with no click. The
      // try sent 2 s after the first timed out (above) is held by the silent server until its own 20 s run
      // out; the next leaves 4 s later and reaches the server. The clock moves on by exactly that, then
      // stands still: moved on while that try waits for a loaded machine's answer, it would give it up as
      // silent too. (Counted at the stand-in, not by the browser's request events: the event of a try
      // sent before the server came back may arrive after.) Should a loaded browser schedule a try late,
      // the clock moves on in steps until one is passed on.
      server.mode = "proxy";
      const proxiedBefore = server.proxiedMessages;
      const passedOn = async (withinMs: number) => {
        const until = Date.now() + withinMs;
        while (server.proxiedMessages === proxiedBefore && Date.now() < until) await sleep(100);
        return server.proxiedMessages > proxiedBefore;
      };
      await page.clock.fastForward(20_000);
      await page.clock.fastForward(5_000);
      for (let step = 0; !(await passedOn(3_000)); step++) {
        expect(step, "a try reaches the server once it is back").toBeLessThan(8);
        await page.clock.fastForward(5_000);
      }
      await expect(page.getByRole("log").locator(".message.assistant")).toHaveCount(2, { timeout: 20_000 });
      await expect(page.getByRole("alert")).toHaveCount(0);
    });
  }

  test.describe("a busy server", () => {
    // The browser reports the 503 itself; the widget's own handling of it is what the test checks.
    test.use({ allowedConsoleErrors: /status of 503/ });
    test("(en, phone) a busy server's 503: the message goes through by itself after its Retry-After", async ({
      page,
    }) => {
      const text = TEXT.en;
      await page.setViewportSize(PHONE);
      // A visitor of its own: the rest of the suite chats from this machine's address too, and the
      // server's per-address limits must not answer this one's message.
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
      const server = await standIn();
      server.mode = "busy-messages";
      await page.clock.install();
      await page.goto(chatUrl(server.url, active, "en"));
      const input = page.getByRole("textbox", { name: text.input });
      await input.fill("Are you open tomorrow?");
      await input.press("Enter");
      const notice = page.getByRole("alert");
      await expect(notice).toContainText(BUSY_TEXT);
      await expect(notice.getByRole("button", { name: text.retry })).toBeVisible();

      server.mode = "proxy";
      const replies = page.getByRole("log").locator(".message.assistant");
      await expect(async () => {
        await page.clock.fastForward(2_500);
        await expect(replies).toHaveCount(2, { timeout: 1_500 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole("alert")).toHaveCount(0);
    });
  });
});

test.describe("the launcher on a business's page", () => {
  for (const language of ["he", "en"] as const) {
    for (const width of ["phone", "desktop"] as const) {
      test(`(${language}, ${width}) opens the chat, and the chat's own close gets the visitor out`, async ({
        page,
      }) => {
        await page.setViewportSize(VIEWPORTS[width]);
        const launcher = await openHost(page, { chatUrl: chatUrl(baseURL, active, language), language });
        await launcher.click();
        const frame = page.frameLocator("#alex-ai-panel");
        await expect(frame.getByRole("log", { name: TEXT[language].log })).toBeVisible();
        await expect(frame.getByRole("textbox", { name: TEXT[language].input })).toBeFocused();
        // On a phone the chat fills the screen and has its own close; the launcher button steps aside.
        if (width === "phone") await expect(launcher).toBeHidden();
        await page.screenshot({ path: `screenshots/launcher-open-${language}-${width}.png` });
        await frame.getByRole("button", { name: labels[language].closeLabel }).click();
        await expect(page.locator("#alex-ai-panel")).toBeHidden();
        await expect(launcher).toBeVisible();
        await expect(launcher).toBeFocused();
      });
    }
  }

  test.describe("pages that explain instead of chatting", () => {
    for (const [language, width, which] of [
      ["he", "phone", "unknown"],
      ["en", "phone", "suspended"],
      ["en", "desktop", "unknown"],
    ] as const) {
      test(`(${language}, ${width}) a ${which === "unknown" ? "wrong license" : "suspended client"} shows why, with a close button`, async ({
        page,
      }) => {
        await page.setViewportSize(VIEWPORTS[width]);
        const license = which === "unknown" ? "alex_00000000000000000000000000000bad" : suspended;
        const launcher = await openHost(page, { chatUrl: chatUrl(baseURL, license, language), language });
        await launcher.click();
        const frame = page.frameLocator("#alex-ai-panel");
        const heading = {
          he: { unknown: "הצ׳אט לא נמצא", suspended: "הצ׳אט אינו זמין" },
          en: { unknown: "Chat not found", suspended: "The chat is unavailable" },
        }[language][which];
        await expect(frame.getByRole("heading", { level: 1 })).toHaveText(heading);
        await page.screenshot({ path: `screenshots/launcher-${which}-${language}-${width}.png` });
        await frame.getByRole("button", { name: labels[language].closeLabel }).click();
        await expect(page.locator("#alex-ai-panel")).toBeHidden();
        await expect(launcher).toBeVisible();
      });
    }
  });

  test.describe("a chat that cannot load", () => {
    test.use({ allowedConsoleErrors: /Refused to frame|ERR_CONNECTION_REFUSED|frame-ancestors/ });

    for (const [language, width] of [
      ["he", "phone"],
      ["en", "desktop"],
    ] as const) {
      test(`(${language}, ${width}) our server down: a notice with Try again and Close; reopening loads it once the server is back`, async ({
        page,
      }) => {
        await page.setViewportSize(VIEWPORTS[width]);
        const port = await freePort();
        const launcher = await openHost(page, {
          chatUrl: chatUrl(`http://127.0.0.1:${port}`, active, language),
          language,
        });
        await launcher.click();
        const notice = page.getByRole("alert").filter({ hasText: labels[language].failedText });
        await expect(notice).toBeVisible();
        await expect(page.locator("#alex-ai-panel")).toBeHidden();
        await page.screenshot({ path: `screenshots/launcher-failed-${language}-${width}.png` });
        await notice.getByRole("button", { name: labels[language].closeLabel }).click();
        await expect(notice).toBeHidden();
        await expect(launcher).toBeFocused();

        // The server is back: opening again loads the chat afresh, no page reload needed.
        await standIn(port);
        await launcher.click();
        await expect(page.frameLocator("#alex-ai-panel").getByRole("log", { name: TEXT[language].log })).toBeVisible();
        await expect(notice).toBeHidden();
      });
    }

    test("(he, phone) a site not allowed to frame the chat: the frame says why, and its close closes it", async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      // The seeded client's site is alex-ai.example: this page is not one of its sites.
      const launcher = await openHost(page, { chatUrl: chatUrl(baseURL, seededLicense, "he"), language: "he" });
      await launcher.click();
      const frame = page.frameLocator("#alex-ai-panel");
      await expect(frame.getByRole("heading", { level: 1 })).toHaveText("האתר הזה אינו רשום");
      await frame.getByRole("button", { name: labels.he.closeLabel }).click();
      await expect(page.locator("#alex-ai-panel")).toBeHidden();
      await expect(launcher).toBeVisible();
    });

    test(`(he, phone) our server comes back while the notice is open: the chat appears by itself`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      const port = await freePort();
      const launcher = await openHost(page, {
        chatUrl: chatUrl(`http://127.0.0.1:${port}`, active, "he"),
        language: "he",
      });
      await launcher.click();
      const notice = page.getByRole("alert").filter({ hasText: labels.he.failedText });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("button", { name: labels.he.retryLabel })).toBeVisible();
      const failedAt = Date.now();
      await standIn(port);
      // No click: the launcher tries again by itself (5 s after the failure, then longer each time).
      await expect(page.frameLocator("#alex-ai-panel").getByRole("log", { name: TEXT.he.log })).toBeVisible({
        timeout: 20_000,
      });
      console.info(`The chat came back by itself ${Date.now() - failedAt} ms after the notice showed.`);
      await expect(notice).toBeHidden();
      await expect(page.frameLocator("#alex-ai-panel").getByRole("textbox", { name: TEXT.he.input })).toBeFocused();
    });

    for (const language of ["he", "en"] as const) {
      test(`(${language}, phone) a server that hangs: "connecting" with Close at once, and after 20 s Try again`, async ({
        page,
      }) => {
        await page.setViewportSize(PHONE);
        const server = await standIn();
        server.mode = "hang";
        await page.clock.install();
        const launcher = await openHost(page, { chatUrl: chatUrl(server.url, active, language), language });
        await launcher.click();
        // At once, not after 20 s of a blank white screen: the chat is on its way, and a way out.
        const connecting = page.getByRole("status").filter({ hasText: labels[language].connectingText });
        await expect(connecting).toBeVisible();
        await expect(page.locator("#alex-ai-panel")).toBeHidden();
        const box = (await connecting.boundingBox())!;
        expect(box.width).toBe(PHONE.width);
        await page.screenshot({ path: `screenshots/launcher-connecting-${language}-phone.png` });
        if (language === "he") {
          await connecting.getByRole("button", { name: labels.he.closeLabel }).click();
          await expect(connecting).toBeHidden();
          await expect(launcher).toBeFocused();
          return;
        }
        await page.clock.fastForward(21_000);
        const notice = page.getByRole("alert").filter({ hasText: labels.en.failedText });
        await expect(notice).toBeVisible();
        await expect(connecting).toHaveCount(0);
        server.mode = "proxy";
        await notice.getByRole("button", { name: labels.en.retryLabel }).click();
        await expect(page.frameLocator("#alex-ai-panel").getByRole("log", { name: "Conversation" })).toBeVisible();
        await expect(notice).toBeHidden();
      });
    }
  });

  test("keeps clear of the page's bottom bar by the plugin's offset, and of WordPress's admin bar", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const launcher = await openHost(page, {
      chatUrl: chatUrl(baseURL, active, "he"),
      language: "he",
      offset: 80,
    });
    const box = (await launcher.boundingBox())!;
    expect(PHONE.height - (box.y + box.height)).toBe(100);
    // The inline end of a right-to-left page is its left.
    expect(box.x).toBe(20);
    await page.screenshot({ path: "screenshots/launcher-offset-he-phone.png" });

    await page.setViewportSize(DESKTOP);
    const opened = await openHost(page, {
      chatUrl: chatUrl(baseURL, active, "en"),
      language: "en",
      offset: 80,
      adminBar: true,
    });
    await opened.click();
    await expect(page.frameLocator("#alex-ai-panel").getByRole("log")).toBeVisible();
    const panel = (await page.locator("#alex-ai-panel").boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(32);
    expect(DESKTOP.height - (panel.y + panel.height)).toBe(172);
    await page.screenshot({ path: "screenshots/launcher-admin-bar-en-desktop.png" });
  });
});
