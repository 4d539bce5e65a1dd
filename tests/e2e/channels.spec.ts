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
    const botId = language === "he" ? "7000000001" : "7000000002";
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
