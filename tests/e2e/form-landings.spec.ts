import type { Page } from "@playwright/test";
import { periodOf, shiftPeriod } from "../../app/billing/periods.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * Where each back-office form post lands, with and without JavaScript: the page's address, its heading
 * and what it says. (The fixture's guard fails any test whose page lands on a data URL or an error page.)
 * Forms whose own spec already does both: login (auth), adding a client and its status (clients,
 * confirmations), Sync Data (clients), AI training (ai-training), the settings' forms (client-config).
 */
test.describe.configure({ mode: "serial" });

/** A closed month no other test bills: the demo has no bills for it until a test generates them. */
const PERIOD = shiftPeriod(periodOf(new Date(), "Asia/Jerusalem"), -6);

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  /** The toast without JavaScript is a <noscript> banner, found by a pattern only (a plain string skips it). */
  const toast = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

  test.describe(mode, () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(async ({ signIn }) => signIn());

    const open = async (page: Page, path: string) => (javaScriptEnabled ? gotoHydrated(page, path) : page.goto(path));

    test(`billing: generate bills, then mark one paid after the confirmation, in Hebrew (${mode})`, async ({
      page,
    }) => {
      await open(page, "/admin/billing?lng=he");
      const generate = page.getByRole("region", { name: "הפקת חשבונות" });
      await generate.getByLabel("חודש").selectOption(PERIOD);
      await generate.getByRole("button", { name: "הפקת חשבונות" }).click();
      await expect(page).toHaveURL(/\/admin\/billing\?lng=he$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("חיובים ותשלומים");
      await expect(page.getByText(/^החשבונות הופקו: \d+ חדשים/).first()).toBeVisible();

      await open(page, `/admin/billing?period=${PERIOD}&status=overdue&lng=he`);
      const records = page.getByRole("region", { name: "רשומות חיוב" });
      const row = records.getByRole("table").getByRole("row").nth(1);
      const client = (await row.getByRole("cell").first().textContent()) ?? "";
      const before = await records.getByRole("table").getByRole("row").count();
      await row.locator("summary", { hasText: "סימון כשולם" }).click();
      await row.getByLabel("הערה").fill(`העברה ${mode}`);
      await row.getByRole("button", { name: "סימון כשולם" }).click();
      // Without JavaScript the row (drawn as a table row and as a phone card) asks in each copy.
      const question = (javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("alert"))
        .filter({ hasText: "לסמן את החשבון של" })
        .first();
      await expect(question).toContainText(`לסמן את החשבון של ${client.trim()}`);
      await question.getByRole("button", { name: "סימון כשולם" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/billing\\?period=${PERIOD}&status=overdue&lng=he$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("חיובים ותשלומים");
      await expect(page.getByText(toast("סומן כשולם.")).first()).toBeVisible();
      await expect(records.getByRole("table").getByRole("row")).toHaveCount(before - 1);
    });

    test(`the WordPress connection form returns to the system status tab it was sent from (${mode})`, async ({
      page,
    }) => {
      await open(page, "/admin/system-status?lng=en");
      const clientId = await page.getByLabel("Client").inputValue();
      await open(page, `/admin/system-status?lng=en&clientId=${clientId}&tab=wordpress`);
      const user = `operator-${javaScriptEnabled ? "js" : "plain"}`;
      await page.getByLabel("Site address").fill("https://shop.example");
      await page.getByLabel("WordPress user").fill(user);
      await page.getByRole("button", { name: "Save connection" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/system-status\\?lng=en&clientId=${clientId}&tab=wordpress$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(toast("WordPress connection saved")).first()).toBeVisible();
      await expect(page.getByLabel("WordPress user")).toHaveValue(user);
    });

    test.describe("logging out", () => {
      test.use({ ownSession: true });

      test(`logout lands on the login page, and the back-office asks again (${mode})`, async ({ page }) => {
        await open(page, "/admin/dashboard?lng=en");
        await page.getByRole("button", { name: "Logout" }).click();
        await expect(page).toHaveURL("/login");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByText(toast("You have been logged out.")).first()).toBeVisible();
        await page.goto("/admin/billing");
        await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fbilling$/);
      });
    });
  });
}
