import { shiftPeriod } from "../../app/billing/periods.ts";
import { PORT } from "../../playwright.config.ts";
import { startCardcomStandIn, type CardcomStandIn } from "../support/cardcom-stand-in.ts";
import { CURRENT_PERIOD } from "../support/demo-periods.ts";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal.ts";
import { formatCents } from "../../app/lib/format.ts";
import { fillCardcomPage } from "./cardcom-page.ts";
import { DESKTOP, expect, gotoHydrated, PHONE, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

let standIn: CardcomStandIn;
let paypal: FakePayPal;

test.beforeAll(async () => {
  // PayPal's buttons stay beside the card's. The server names PayPal's stand-in on the port after its
  // own, which tests/e2e/billing.spec.ts may hold: this spec's own stand-in answers those requests.
  paypal = await startFakePayPal();
  standIn = await startCardcomStandIn({ port: PORT + 5 });
});

test.afterAll(async () => {
  await Promise.all([standIn?.close(), paypal?.close()]);
});

/**
 * Each language its own seed client, moved to shekels, and its own month long past (the demo has no
 * bills for it, nor does tests/e2e/billing.spec.ts make any): the client existed then, so it is billed.
 */
const CASES = [
  {
    language: "he",
    viewport: PHONE,
    width: "phone",
    client: "נדל״ן השרון",
    period: shiftPeriod(CURRENT_PERIOD, -6),
    words: {
      vat: "מע״מ (18%)",
      payByCard: "תשלום בכרטיס אשראי ישראלי",
      paid: "החשבון שולם. תודה!",
    },
    refundWords: {
      records: "רשומות חיוב",
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
    period: shiftPeriod(CURRENT_PERIOD, -7),
    words: {
      vat: "VAT (18%)",
      payByCard: "Pay by Israeli card",
      paid: "This bill is paid. Thank you!",
    },
    refundWords: {
      records: "Billing records",
      refund: "Refund",
      reason: "Reason (optional)",
      submit: "Refund in full",
      done: "Refunded: the money goes back through the processor, and the credit note follows.",
      refunded: "Refunded",
      noCreditNote: "No credit note is made: Morning is not set up",
    },
  },
] as const;

test.describe("Israeli cards through Cardcom", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.247" } });

  for (const { language, viewport, width, client, period, words } of CASES) {
    test(`a shekel bill shows VAT and is paid on Cardcom's page (${language}, ${width})`, async ({ page, signIn }) => {
      // The operator bills the client in shekels and makes the month's bills.
      await signIn();
      const found = (await (await page.request.get(`/api/clients?${new URLSearchParams({ q: client })}`)).json()) as {
        id: number;
        businessName: string;
      }[];
      const clientId = found.find((each) => each.businessName === client)!.id;
      await gotoHydrated(page, `/admin/clients/${clientId}/config?lng=en`);
      await page.getByLabel("Billing currency").selectOption("ILS");
      await page.getByRole("button", { name: "Save Client Details" }).click();
      await expect(page.getByText("Client details updated successfully", { exact: true })).toBeVisible();
      await gotoHydrated(page, "/admin/billing?lng=en");
      const generate = page.getByRole("region", { name: "Generate bills" });
      await generate.getByLabel("Month").selectOption(period);
      await generate.getByRole("button", { name: "Generate bills" }).click();
      await expect(page.getByText(/^Bills generated: \d+ new/)).toBeVisible();
      await gotoHydrated(page, `/admin/billing?period=${period}&lng=en`);
      const payPath = await page
        .getByRole("link", { name: new RegExp(`^Pay link for ${client}`) })
        .getAttribute("href");
      expect(payPath).toMatch(/^\/pay\/[0-9a-f]{64}$/);

      // The business opens its bill: shekels, with VAT, and the card option beside PayPal.
      await page.route(new RegExp(`^http://127\\.0\\.0\\.1:${PORT + 1}/`), (route) =>
        route.continue({
          url: route
            .request()
            .url()
            .replace(`:${PORT + 1}/`, `:${new URL(paypal.url).port}/`),
        }),
      );
      await page.context().clearCookies();
      await page.setViewportSize(viewport);
      await gotoHydrated(page, `${payPath}?lng=${language}`);
      await expect(page.getByText(words.vat)).toBeVisible();
      await expect(page.getByText(formatCents(218_30, language, "ILS"))).toBeVisible();
      await page.screenshot({ path: `screenshots/cards-bill-${language}-${width}.png`, fullPage: true });

      await page.getByRole("button", { name: words.payByCard }).click();
      await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/`));
      const pay = await fillCardcomPage(page, language);
      await page.screenshot({ path: `screenshots/cards-cardcom-${language}-${width}.png`, fullPage: true });
      await pay.click();

      // Back on the bill: paid, once, and the card saved as a token only.
      await expect(page).toHaveURL(new RegExp(`${payPath}\\?card=return$`));
      await expect(page.getByText(words.paid, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: words.payByCard })).toHaveCount(0);
      await page.screenshot({ path: `screenshots/cards-paid-${language}-${width}.png`, fullPage: true });
      await page.reload();
      await expect(page.getByText(words.paid, { exact: true })).toBeVisible();
      const deals = [...standIn.deals.values()].filter((deal) => deal.status === "approved");
      expect(deals.filter((deal) => deal.successUrl.includes(payPath!))).toHaveLength(1);
    });
  }

  // The bills just paid, refunded by the operator (Cardcom's stand-in is this spec's: the refund needs it too).
  for (const { language, viewport, width, client, period, refundWords: words } of CASES) {
    test(`an operator refunds the card payment and sees the bill refunded (${language}, ${width})`, async ({
      page,
      signIn,
    }) => {
      await signIn();
      await page.setViewportSize(viewport);
      await gotoHydrated(page, `/admin/billing?period=${period}&status=paid&lng=${language}`);
      const row = page.getByRole("region", { name: words.records }).getByRole("row").filter({ hasText: client });
      await row.locator("summary", { hasText: words.refund }).click();
      await row.getByLabel(words.reason).fill(language === "he" ? "הלקוח ביקש" : "Asked by the client");
      await row.getByRole("button", { name: words.submit }).click();
      // Asked first, in a dialog naming the client.
      const confirm = page.getByRole("dialog");
      await expect(confirm).toContainText(client);
      await page.screenshot({ path: `screenshots/refund-confirm-${language}-${width}.png`, fullPage: true });
      const before = standIn.refunds.length;
      await confirm.getByRole("button", { name: words.submit }).click();
      await expect(page.getByText(words.done, { exact: true })).toBeVisible();
      await expect(row.getByText(words.refunded, { exact: true })).toBeVisible();
      await expect(row.getByText(words.noCreditNote)).toBeVisible();
      await expect(row.locator("summary", { hasText: words.refund })).toHaveCount(0);
      await page.screenshot({ path: `screenshots/refund-done-${language}-${width}.png`, fullPage: true });
      expect(standIn.refunds.length).toBe(before + 1);
    });
  }
});
