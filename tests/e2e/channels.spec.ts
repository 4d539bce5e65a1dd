import { PORT } from "../../playwright.config.ts";
import { startFakeTelegram, type FakeTelegram } from "../support/fake-telegram.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "../support/fake-whatsapp.ts";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

/** The stand-ins answer on the ports playwright.config.ts gives the server (after PayPal's). */
let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;

test.beforeAll(async () => {
  telegram = await startFakeTelegram({ port: PORT + 3 });
  whatsapp = await startFakeWhatsApp({ token: "unused-in-this-spec", port: PORT + 2 });
});

test.afterAll(async () => {
  await telegram?.close();
  await whatsapp?.close();
});

const TEXT = {
  he: {
    tab: "ערוצים",
    botToken: "אסימון הבוט",
    save: "שמירה והגדרת ה-webhook",
    invalid: "אסימון הבוט אינו תקין",
    connected: (botId: string) => `מחובר: בוט ${botId}. ה-webhook שלו מכוון לכאן.`,
    disconnect: "ניתוק Telegram",
  },
  en: {
    tab: "Channels",
    botToken: "Bot token",
    save: "Save and set the webhook",
    invalid: "The bot token is not valid",
    connected: (botId: string) => `Connected: bot ${botId}. Its webhook points here.`,
    disconnect: "Disconnect Telegram",
  },
} as const;

for (const [language, width, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  test(`the operator connects a Telegram bot on the Channels tab (${language}, ${width})`, async ({ page, signIn }) => {
    test.slow();
    const text = TEXT[language];
    // A bot belongs to one client: a retry connects a bot of its own to its new client.
    const botId = String((language === "he" ? 7000000001 : 7000000002) + 10 * test.info().retry);
    const token = `${botId}:AAHe2eTelegramBotTokenPart0123456789`;
    telegram.addBot(token);
    await page.setViewportSize(viewport);
    await signIn();
    const created = await page.request.post("/api/clients", {
      data: {
        businessName: `Channels ${language}`,
        ownerEmail: "owner@channels.example",
        websiteDomain: `channels-${language}.example`,
        businessType: "services",
      },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: number };
    await gotoHydrated(page, `/admin/clients/${client.id}?lng=${language}`);
    await page.getByRole("link", { name: text.tab, exact: true }).click();
    await expect(page).toHaveURL(/tab=channels/);

    const field = page.getByLabel(text.botToken);
    await field.fill("not-a-token");
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByText(text.invalid)).toBeVisible();

    await field.fill(token);
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByText(text.connected(botId))).toBeVisible();
    await expect(page.getByText(`/api/channels/telegram/${botId}`)).toBeVisible();
    await expect(page.getByLabel(text.botToken)).toHaveValue("");
    expect(telegram.calls.filter((call) => call.method === "setWebhook" && call.token === token)).toHaveLength(1);
    expect(await page.content()).not.toContain(token);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `screenshots/channels-telegram-${language}-${width}.png`, fullPage: true });

    await page.getByRole("button", { name: text.disconnect }).click();
    await expect(page.getByText(text.connected(botId))).toBeHidden();
    expect(telegram.calls.at(-1)).toMatchObject({ method: "deleteWebhook", token });
  });
}

const TRIAL_TEXT = {
  he: {
    trialTitle: "ניסיון הערוץ",
    check: "בדיקת החיבור",
    ok: (botId: string) => `הבוט \u2068@bakery_${botId}_bot\u2069 עונה, וטלגרם שולח את ההודעות שלו לשרת הזה.`,
    details: "פרטים",
    chatId: "מזהה צ'אט לשליחת הודעת ניסיון",
    send: "שליחת הודעת ניסיון",
    chatIdInvalid: "מזהה צ'אט הוא מספר",
    sent: (chatId: string) => `נשלח אל \u2068${chatId}\u2069: הערוץ קיבל את ההודעה`,
    testText: "הודעת ניסיון מאלכס: הערוץ הזה עובד.",
  },
  en: {
    trialTitle: "Try the channel",
    check: "Check the connection",
    ok: (botId: string) => `The bot @bakery_${botId}_bot answers, and Telegram sends its messages to this server.`,
    details: "Details",
    chatId: "Chat id to send a test message to",
    send: "Send a test message",
    chatIdInvalid: "A chat id is a number",
    sent: (chatId: string) => `Sent to ${chatId}: the channel took the message`,
    testText: "A test message from Alex: this channel works.",
  },
} as const;

for (const [language, width, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  test(`the operator checks a connected Telegram bot and sends it a test message (${language}, ${width})`, async ({
    page,
    signIn,
  }) => {
    test.slow();
    const text = { ...TEXT[language], ...TRIAL_TEXT[language] };
    const botId = String((language === "he" ? 7000000011 : 7000000012) + 10 * test.info().retry);
    const chatId = language === "he" ? "555000211" : "555000212";
    const token = `${botId}:AAHe2eTelegramTrialTokenPart0123456789`;
    telegram.addBot(token);
    await page.setViewportSize(viewport);
    await signIn();
    const created = await page.request.post("/api/clients", {
      data: {
        businessName: `Channel trial ${language}`,
        ownerEmail: "owner@channel-trial.example",
        websiteDomain: `channel-trial-${language}.example`,
        businessType: "services",
      },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: number };
    await gotoHydrated(page, `/admin/clients/${client.id}?tab=channels&lng=${language}`);
    await page.getByLabel(text.botToken).fill(token);
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByText(text.connected(botId))).toBeVisible();

    await page.getByRole("button", { name: text.check }).click();
    await expect(page.getByText(text.ok(botId))).toBeVisible();
    await page.getByText(text.details, { exact: true }).click();
    await expect(page.getByText(`/api/channels/telegram/${botId}`).last()).toBeVisible();
    await page.getByRole("region", { name: text.trialTitle }).screenshot({
      path: `screenshots/channel-trial-check-${language}-${width}.png`,
    });

    const chat = page.getByLabel(text.chatId);
    await chat.fill("@dana");
    await page.getByRole("button", { name: text.send }).click();
    await expect(page.getByText(text.chatIdInvalid)).toBeVisible();
    await chat.fill(chatId);
    await page.getByRole("button", { name: text.send }).click();
    await expect(page.getByText(text.sent(chatId))).toBeVisible();
    expect(telegram.sentTexts().at(-1)).toEqual({ chatId, text: text.testText });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `screenshots/channel-trial-${language}-${width}.png`, fullPage: true });
  });
}
