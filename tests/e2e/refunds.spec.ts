import { shiftPeriod } from "../../app/billing/periods.ts";
import { PORT } from "../../playwright.config.ts";
import { APPROVED_CARD, startCardcomStandIn, type CardcomStandIn } from "../support/cardcom-stand-in.ts";
import { CURRENT_PERIOD } from "../support/demo-periods.ts";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal.ts";
import { DESKTOP, expect, gotoHydrated, PHONE, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

let standIn: CardcomStandIn;
let paypal: FakePayPal;

test.beforeAll(async () => {
  // The pay page loads PayPal's buttons from the port after the server's: this spec's stand-in answers them.
  paypal = await startFakePayPal();
  standIn = await startCardcomStandIn({ port: PORT + 5 });
});

test.afterAll(async () => {
  await Promise.all([standIn?.close(), paypal?.close()]);
});

/**
 * Each language its own seed client and a month long past that no other spec pays (the demo has no
 * bills for it): the client existed then, so it is billed.
 */
const CASES = [
  {
    language: "he",
    viewport: PHONE,
    width: "phone",
    client: "נדל״ן השרון",
    period: shiftPeriod(CURRENT_PERIOD, -7),
    words: {
      refund: "החזר",
      reason: "סיבה (לא חובה)",
      submit: "החזר מלא",
      done: "הוחזר: הכסף חוזר דרך חברת הסליקה, וחשבונית הזיכוי בדרך.",
      refunded: "הוחזר",
      noCreditNote: "לא מופקת חשבונית זיכוי: Morning אינו מוגדר",
    },
  },
  {
    language: "en",
    viewport: DESKTOP,
    width: "desktop",
    client: "Simcha Party Planners",
    period: shiftPeriod(CURRENT_PERIOD, -8),
    words: {
      refund: "Refund",
      reason: "Reason (optional)",
      submit: "Refund in full",
      done: "Refunded: the money goes back through the processor, and the credit note follows.",
      refunded: "Refunded",
      noCreditNote: "No credit note is made: Morning is not set up",
    },
  },
] as const;

test.describe("refunding a paid bill", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.248" } });

  for (const { language, viewport, width, client, period, words } of CASES) {
    test(`an operator refunds a card payment and sees the bill refunded (${language}, ${width})`, async ({
      page,
      signIn,
    }) => {
      // A bill of the month, paid by card on Cardcom's page.
      await signIn();
      await gotoHydrated(page, "/admin/billing?lng=en");
      const generate = page.getByRole("region", { name: "Generate bills" });
      await generate.getByLabel("Month").selectOption(period);
      await generate.getByRole("button", { name: "Generate bills" }).click();
      await expect(page.getByText(/^Bills generated: \d+ new/)).toBeVisible();
      await gotoHydrated(page, `/admin/billing?period=${period}&lng=en`);
      const payPath = await page
        .getByRole("link", { name: new RegExp(`^Pay link for ${client}`) })
        .getAttribute("href");
      await page.route(new RegExp(`^http://127\\.0\\.0\\.1:${PORT + 1}/`), (route) =>
        route.continue({
          url: route
            .request()
            .url()
            .replace(`:${PORT + 1}/`, `:${new URL(paypal.url).port}/`),
        }),
      );
      await gotoHydrated(page, `${payPath}?lng=en`);
      await page.getByRole("button", { name: "Pay by Israeli card" }).click();
      await page.getByLabel("Card number").fill(APPROVED_CARD);
      await page.getByLabel("Expiry month").fill("12");
      await page.getByLabel("Expiry year").fill("2030");
      await page.getByLabel("CVV").fill("123");
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByText("This bill is paid. Thank you!", { exact: true })).toBeVisible();

      // The operator, in the language and on the screen of the case, refunds it.
      await page.setViewportSize(viewport);
      await gotoHydrated(page, `/admin/billing?period=${period}&status=paid&lng=${language}`);
      const records = page.getByRole("region", { name: language === "he" ? "רשומות חיוב" : "Billing records" });
      const row = records.getByRole("row").filter({ hasText: client });
      await row.locator("summary", { hasText: words.refund }).click();
      await row.getByLabel(words.reason).fill(language === "he" ? "הלקוח ביקש" : "Asked by the client");
      await row.getByRole("button", { name: words.submit }).click();
      const confirm = page.getByRole("dialog");
      await expect(confirm).toContainText(client);
      await page.screenshot({ path: `screenshots/refund-confirm-${language}-${width}.png`, fullPage: true });
      await confirm.getByRole("button", { name: words.submit }).click();
      await expect(page.getByText(words.done, { exact: true })).toBeVisible();
      await expect(row.getByText(words.refunded, { exact: true })).toBeVisible();
      await expect(row.getByText(words.noCreditNote)).toBeVisible();
      await expect(row.locator("summary", { hasText: words.refund })).toHaveCount(0);
      await page.screenshot({ path: `screenshots/refund-done-${language}-${width}.png`, fullPage: true });
      expect(standIn.refunds).toHaveLength(language === "he" ? 1 : 2);
    });
  }
});
