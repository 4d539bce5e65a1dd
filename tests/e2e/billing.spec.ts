import { formatPeriod } from "../../app/billing/format-period.ts";
import { shiftPeriod } from "../../app/billing/periods.ts";
import { formatCents } from "../../app/lib/format.ts";
import { PORT } from "../../playwright.config.ts";
import { CURRENT_PERIOD, LAST_CLOSED, LATEST_DUE } from "../support/demo-periods.ts";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal.ts";
import { DESKTOP, expect, expectNoAxeViolations, gotoHydrated, PHONE, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

let fake: FakePayPal;

/**
 * A month that has ended, four back: the demo has no bills for it until the test generates them, and
 * its five clients' bills are then overdue, payable and nobody else's. (A month in progress cannot be paid.)
 */
const PAST_PERIOD = shiftPeriod(CURRENT_PERIOD, -4);
const money = (language: "en" | "he", dollars: number) => formatCents(dollars * 100, language);

const MONTH_WORDS = {
  en: {
    period: "Billing period",
    monthTitle: `${formatPeriod(CURRENT_PERIOD, "en")} so far`,
    usageOf: (name: string) => `Usage of ${name}`,
    recentUsage: "Recent Usage",
    cost: "Cost",
  },
  he: {
    period: "תקופת חיוב",
    monthTitle: `${formatPeriod(CURRENT_PERIOD, "he")} עד כה`,
    usageOf: (name: string) => `השימוש של ${name}`,
    recentUsage: "שימוש אחרון",
    cost: "עלות",
  },
} as const;

test.beforeAll(async () => {
  fake = await startFakePayPal({ port: PORT + 1 });
});

test.afterAll(async () => {
  await fake?.close();
});

test.describe("Billing and payments", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.241" } });

  test("shows the records with totals that add up, and filters them", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, "/admin/billing?lng=en");
    await expect(page.getByRole("heading", { name: "Billing and payments", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Paid", level: 3 })).toBeVisible();
    await expect(page.getByText(/^Billed for /)).toBeVisible();

    const search = page.getByRole("search", { name: "Filter billing records" });
    await expect(search.getByLabel("Period")).toHaveValue(LAST_CLOSED);
    await search.getByLabel("Period").selectOption(LATEST_DUE);
    await search.getByLabel("Status").selectOption("overdue");
    await search.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=overdue/);
    const rows = page.getByRole("region", { name: "Billing records" }).getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText("Overdue");
    // The chosen month goes along: the CSV holds what the page shows.
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/admin/billing/export?period=${LATEST_DUE}&status=overdue`,
    );
  });

  test("generates a past month's bills and marks one paid with a note kept in its history", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await gotoHydrated(page, "/admin/billing?lng=en");
    const generate = page.getByRole("region", { name: "Generate bills" });
    await generate.getByLabel("Month").selectOption(PAST_PERIOD);
    await generate.getByRole("button", { name: "Generate bills" }).click();
    await expect(page.getByText(/^Bills generated: \d+ new/)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/billing\?lng=en$/);
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();

    await gotoHydrated(page, `/admin/billing?period=${PAST_PERIOD}&status=overdue&lng=en`);
    const row = page.getByRole("region", { name: "Billing records" }).getByRole("table").getByRole("row").nth(1);
    const client = (await row.getByRole("cell").first().textContent()) ?? "";
    await row.locator("summary", { hasText: "Mark as paid" }).click();
    // A blank note passes the browser's check but not the server's: the message shows by this row's field, not elsewhere.
    // Each post is confirmed first, in a dialog naming the client and the month.
    const confirm = page.getByRole("dialog", { name: new RegExp(`^Mark ${client}'s bill for .+ as paid\\?$`) });
    await row.getByLabel("Note").fill("   ");
    await row.getByRole("button", { name: "Mark as paid" }).click();
    await confirm.getByRole("button", { name: "Mark as paid" }).click();
    await expect(row.getByText("Write a note: how was it paid?")).toBeVisible();
    await expect(generate.getByText("Write a note: how was it paid?")).toHaveCount(0);
    await row.getByLabel("Note").fill("Bank transfer 4471");
    await row.getByRole("button", { name: "Mark as paid" }).click();
    await expect(confirm).toContainText("A paid bill never changes again");
    await confirm.getByRole("button", { name: "Mark as paid" }).click();
    await expect(page.getByText("Marked as paid.", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/billing\\?period=${PAST_PERIOD}&status=overdue&lng=en$`));
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();

    await gotoHydrated(page, `/admin/billing?period=${PAST_PERIOD}&status=paid&lng=en`);
    const paidRow = page
      .getByRole("region", { name: "Billing records" })
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: client })
      .filter({ hasText: "Paid" })
      .first();
    await paidRow.locator("summary", { hasText: "History" }).click();
    await expect(paidRow.getByText("Bank transfer 4471")).toBeVisible();
  });

  for (const language of ["en", "he"] as const) {
    const words = MONTH_WORDS[language];
    test(`shows the month in progress live, a client added today at once, as its usage page does (${language})`, async ({
      page,
      signIn,
    }) => {
      await signIn();
      const name = `Fresh ${language} ${Date.now()}`;
      const created = await page.request.post("/api/clients", {
        data: {
          businessName: name,
          ownerEmail: `fresh-${language}@example.com`,
          websiteDomain: `fresh-${language}.example`,
          businessType: "retail",
        },
      });
      expect(created.status()).toBe(201);
      const client = (await created.json()) as { id: number; licenseKey: string };

      await gotoHydrated(page, `/admin/billing?lng=${language}`);
      // The picker shows the last closed month, whose bills are final.
      await expect(page.getByRole("search").getByLabel(words.period)).toHaveValue(LAST_CLOSED);
      const month = page.getByRole("region", { name: words.monthTitle });
      const row = () => month.getByRole("table").getByRole("row").filter({ hasText: name });
      // Its conversations, articles and solutions, then the model's tokens (none: no model here).
      await expect(row().getByRole("cell")).toHaveText([
        name,
        "0",
        "0",
        "0",
        "0",
        money(language, 50),
        money(language, 0),
        money(language, 50),
      ]);

      // A visitor's first message is a conversation ($1): the month so far follows at once.
      const sent = await page.request.post("/api/wordpress/messages", {
        data: { license: client.licenseKey, sessionId: null, clientMessageId: crypto.randomUUID(), message: "Hello" },
      });
      expect(sent.status()).toBe(200);
      await page.reload();
      await expect(row().getByRole("cell")).toHaveText([
        name,
        "1",
        "0",
        "0",
        "0",
        money(language, 50),
        money(language, 1),
        money(language, 51),
      ]);

      // The same figures as the client's usage this month, where the row's name leads.
      const usage = (await (await page.request.get(`/api/clients/${client.id}/usage?period=month`)).json()) as {
        conversations: number;
        totalCost: number;
      }[];
      expect(usage.map((day) => [day.conversations, day.totalCost])).toEqual([[1, 1]]);
      for (const [width, viewport] of [
        ["desktop", DESKTOP],
        ["phone", PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: `/tmp/h3-billing-${language}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize(DESKTOP);
      await row()
        .getByRole("link", { name: words.usageOf(name) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.id}\\?tab=usage`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
      await expect(page.getByRole("region", { name: words.recentUsage })).toContainText(
        `${words.cost}: ${money(language, 1)}`,
      );
    });
  }

  test("pays an unpaid bill through PayPal from its pay page, exactly once", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, `/admin/billing?period=${PAST_PERIOD}&status=overdue&lng=en`);
    const row = page.getByRole("region", { name: "Billing records" }).getByRole("table").getByRole("row").nth(1);
    const client = (await row.getByRole("cell").first().textContent()) ?? "";
    const payPath = await row.getByRole("link", { name: /^Pay link for / }).getAttribute("href");
    expect(payPath).toMatch(/^\/pay\/[0-9a-f]{64}$/);

    await page.context().clearCookies();
    for (const language of ["he", "en"] as const) {
      for (const [width, viewport] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, `${payPath}?lng=${language}`);
        await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
        await page.screenshot({ path: `screenshots/pay-${language}-${width}.png`, fullPage: true });
      }
    }
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    // The page reloads its data once the capture answers: the bill now shows as paid.
    await expect(page.getByText("This bill is paid. Thank you!", { exact: true })).toBeVisible();
    expect(fake.captures()).toBe(1);
    await page.reload();
    await expect(page.getByText("This bill is paid. Thank you!", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);

    // Capturing the same order again changes nothing.
    const [orderId] = [...fake.orders.keys()];
    const again = await page.request.post(`/api/paypal/order/${orderId}/capture`);
    expect(again.status()).toBe(200);
    expect(fake.captures()).toBe(1);

    await signIn();
    await gotoHydrated(page, `/admin/billing?period=${PAST_PERIOD}&status=paid&lng=en`);
    const paidRow = page
      .getByRole("region", { name: "Billing records" })
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: client })
      .filter({ hasText: "Paid" });
    await paidRow.first().locator("summary", { hasText: "History" }).click();
    await expect(page.getByText("Paid through PayPal").first()).toBeVisible();
  });

  for (const language of ["en", "he"] as const) {
    test(`has no axe violations (${language})`, async ({ page, signIn }) => {
      await signIn();
      await gotoHydrated(page, `/admin/billing?lng=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectNoAxeViolations(page);
    });
  }
});
