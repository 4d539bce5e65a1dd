import type { Page } from "@playwright/test";
import { DESKTOP, expect, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * What the AI training page teaches reaches the visitor: a bakery trained there with an FAQ row and
 * a greeting per language answers from the FAQ in the page's chat preview and in the widget (the
 * built-in responder, no AI provider), and the widget greets once, in the site's language.
 */
const GREETING = { he: "שלום מהמאפייה של רותי! במה אפשר לעזור?", en: "Hello from Ruti's bakery! How can I help?" };
const FRIDAY = { question: "פתוחים ביום שישי?", answer: "כן, ביום שישי אנחנו פתוחים עד 14:00." };

let visitor = 0;

async function trainBakery(page: Page) {
  const businessName = `Ruti's bakery ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post("/api/clients", {
    data: { businessName, ownerEmail: "ruti@bakery.example", websiteDomain: "bakery.example", businessType: "retail" },
  });
  expect(created.status()).toBe(201);
  const client = (await created.json()) as { id: number; licenseKey: string };
  await gotoHydrated(page, `/admin/ai-training?clientId=${client.id}&lng=he`);
  await page.getByLabel("ברכה בעברית").fill(GREETING.he);
  await page.getByLabel("ברכה באנגלית").fill(GREETING.en);
  await page.getByLabel("שאלה 1", { exact: true }).fill(FRIDAY.question);
  await page.getByLabel("תשובה 1", { exact: true }).fill(FRIDAY.answer);
  await page.getByRole("button", { name: "שמור אימון" }).click();
  await expect(page.getByText("האימון נשמר", { exact: true })).toBeVisible();
  return client;
}

test.describe("what the training page teaches, in the widget", () => {
  // Every test its own visitor address, so the message API's per-address limit counts each test alone.
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({
      "X-Forwarded-For": `198.18.${testInfo.workerIndex + 150}.${(++visitor % 250) + 1}`,
    });
  });

  test("(he, phone) an FAQ row answers the opening-hours question in the preview and in the widget, after one greeting", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn();
    const client = await trainBakery(page);

    const box = page.getByLabel("ההודעה שלכם");
    await box.fill("מה שעות הפתיחה ביום שישי?");
    await page.getByRole("button", { name: "שלח" }).click();
    const turn = page.getByRole("list", { name: "שיחה" }).getByRole("listitem").first();
    await expect(turn.getByRole("paragraph").nth(1)).toContainText("14:00");
    await expect(turn.getByRole("paragraph").nth(1)).not.toContainText(GREETING.he);
    await page.screenshot({ path: "screenshots/training-preview-friday-he-phone.png" });

    await page.goto(`/api/wordpress/chat-ui?license=${client.licenseKey}&lang=he`);
    const log = page.getByRole("log", { name: "השיחה" });
    await expect(log.locator(".message.assistant")).toHaveText([`Alex: ${GREETING.he}`]);
    const input = page.getByRole("textbox", { name: "ההודעה שלך" });
    await input.fill("מה שעות הפתיחה ביום שישי?");
    await input.press("Enter");
    const reply = log.locator(".message.assistant").nth(1);
    await expect(reply).toContainText("14:00", { timeout: 15_000 });
    await expect(reply).not.toContainText(GREETING.he);
    await expect(log.getByText(GREETING.he)).toHaveCount(1);
    await page.screenshot({ path: "screenshots/widget-friday-he-phone.png" });
  });

  test("(en, desktop) an English site greets in English, once, and the first reply does not repeat it", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn();
    const client = await trainBakery(page);

    await page.goto(`/api/wordpress/chat-ui?license=${client.licenseKey}&lang=en`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const log = page.getByRole("log", { name: "Conversation" });
    await expect(log.locator(".message.assistant")).toHaveText([`Alex: ${GREETING.en}`]);
    await expect(log).not.toContainText(GREETING.he);
    const input = page.getByRole("textbox", { name: "Your message" });
    await input.fill("Hi! Are you open on Friday?");
    await input.press("Enter");
    await expect(log.locator(".message.assistant")).toHaveCount(2, { timeout: 15_000 });
    await expect(log.locator(".message.assistant").nth(1)).not.toContainText(GREETING.en);
    await expect(log.locator(".message.assistant").nth(1)).not.toContainText(GREETING.he);
    await expect(log.getByText(GREETING.en)).toHaveCount(1);
    await page.screenshot({ path: "screenshots/widget-greeting-en-desktop.png" });
  });
});
