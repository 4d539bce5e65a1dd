import type { Page } from "@playwright/test";
import { LATEST_DUE } from "../support/demo-periods.ts";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * No one-click harm: suspending a client, cancelling its subscription and marking a bill paid ask
 * first, in a dialog that names what is affected and what happens; without JavaScript the server
 * asks the same question as a page section. Each confirmation lands on the page it came from, with
 * the change shown.
 */
const TEXT = {
  en: {
    suspend: "Suspend",
    cancelSubscription: "Cancel subscription",
    dismiss: "Cancel",
    suspendTitle: (name: string) => `Suspend ${name}?`,
    suspendEffect: "chat stops answering visitors on its site until you activate it again",
    cancelTitle: (name: string) => `Cancel ${name}'s subscription?`,
    cancelEffect: "no monthly fee is billed after this month",
    current: (status: string) => `Current status: ${status}`,
    active: "Active",
    suspended: "Suspended",
    cancelled: "Cancelled",
    updated: "Status Updated",
    history: "Status history",
    markPaid: "Mark as paid",
    markPaidTitle: /^Mark .+'s bill for .+ as paid\?$/,
  },
  he: {
    suspend: "השהיה",
    cancelSubscription: "ביטול המנוי",
    dismiss: "ביטול",
    suspendTitle: (name: string) => `להשהות את ${name}?`,
    suspendEffect: "יפסיק לענות למבקרים באתר עד שתפעילו אותו שוב",
    cancelTitle: (name: string) => `לבטל את המנוי של ${name}?`,
    cancelEffect: "ולא ייגבו דמי מנוי אחרי החודש הזה",
    current: (status: string) => `הסטטוס הנוכחי: ${status}`,
    active: "פעיל",
    suspended: "מושהה",
    cancelled: "מבוטל",
    updated: "הסטטוס עודכן",
    history: "היסטוריית סטטוס",
    markPaid: "סימון כשולם",
    markPaidTitle: /^לסמן את החשבון של .+ עבור .+ כשולם\?$/,
  },
} as const;

async function addClient(page: Page) {
  const created = await page.request.post("/api/clients", {
    data: {
      businessName: `Confirm ${Date.now()}`,
      ownerEmail: "owner@confirm.example",
      websiteDomain: "confirm.example",
      businessType: "other",
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: number; businessName: string };
}

for (const [language, viewport] of [
  ["en", DESKTOP],
  ["he", PHONE],
] as const) {
  test(`(${language}, ${viewport.width} px) suspend and cancel ask in a dialog naming the client and the effect, and land on the settings with the new status`, async ({
    page,
    signIn,
  }) => {
    const text = TEXT[language];
    await signIn();
    await page.setViewportSize(viewport);
    const client = await addClient(page);
    const settings = `/admin/clients/${client.id}?tab=settings`;
    await gotoHydrated(page, `${settings}&lng=${language}`);

    // Dismissed: nothing changes.
    await page.getByRole("button", { name: text.suspend, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: text.suspendTitle(client.businessName) });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text.suspendEffect);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `/tmp/h1-confirm-suspend-${language}-${viewport.width}.png` });
    await dialog.getByRole("button", { name: text.dismiss, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(text.current(text.active))).toBeVisible();

    // Confirmed: the settings tab again, with the new status and its line in the history.
    await page.getByRole("button", { name: text.suspend, exact: true }).click();
    await dialog.getByRole("button", { name: text.suspend, exact: true }).click();
    await expect(page.getByText(text.updated, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(settings);
    await expect(page.getByText(text.current(text.suspended))).toBeVisible();
    await expect(page.getByRole("region", { name: text.history }).getByRole("listitem")).toHaveCount(1);

    // Cancelling the subscription is not labelled like every dialog's Cancel.
    await page.getByRole("button", { name: text.cancelSubscription, exact: true }).click();
    const cancelDialog = page.getByRole("dialog", { name: text.cancelTitle(client.businessName) });
    await expect(cancelDialog).toContainText(text.cancelEffect);
    await expect(cancelDialog.getByRole("button", { name: text.dismiss, exact: true })).toHaveCount(1);
    await expect(cancelDialog.getByRole("button", { name: text.cancelSubscription, exact: true })).toHaveCount(1);
    await page.screenshot({ path: `/tmp/h1-confirm-cancel-${language}-${viewport.width}.png` });
    await cancelDialog.getByRole("button", { name: text.cancelSubscription, exact: true }).click();
    await expect(page.getByText(text.current(text.cancelled))).toBeVisible();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(settings);
    await expectNoSidewaysScroll(page);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const language of ["he", "en"] as const) {
    test(`(${language}) suspend asks on the page first, acts only when confirmed, and lands on the settings`, async ({
      page,
      signIn,
    }) => {
      const text = TEXT[language];
      await signIn();
      await page.setViewportSize(language === "he" ? PHONE : DESKTOP);
      const client = await addClient(page);
      const settings = `/admin/clients/${client.id}?tab=settings`;
      await page.goto(`${settings}&lng=${language}`);

      await page.getByRole("button", { name: text.suspend, exact: true }).click();
      const question = page.getByRole("alert").filter({ hasText: text.suspendTitle(client.businessName) });
      await expect(question).toContainText(text.suspendEffect);
      await expect(page.getByText(text.current(text.active))).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/h1-confirm-nojs-${language}.png`, fullPage: true });

      // Cancel goes back to the settings as they were.
      await question.getByRole("link", { name: text.dismiss, exact: true }).click();
      await expect(page.getByText(text.current(text.active))).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: text.suspendTitle(client.businessName) })).toHaveCount(0);

      await page.getByRole("button", { name: text.suspend, exact: true }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: text.suspendTitle(client.businessName) })
        .getByRole("button", { name: text.suspend, exact: true })
        .click();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(settings);
      await expect(page.getByText(text.current(text.suspended))).toBeVisible();
    });
  }
});

test("(he) mark paid asks in a dialog naming the client, the month and the amount; dismissed, the bill stays unpaid", async ({
  page,
  signIn,
}) => {
  const text = TEXT.he;
  await signIn();
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, `/admin/billing?period=${LATEST_DUE}&status=overdue&lng=he`);
  // The phone shows each record as a card; the table's copy of it is hidden.
  const card = page.locator("details:visible", { has: page.locator("summary", { hasText: text.markPaid }) }).first();
  await card.locator("summary", { hasText: text.markPaid }).click();
  await card.getByLabel("הערה").fill("העברה בנקאית 1234");
  await card.getByRole("button", { name: text.markPaid, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: text.markPaidTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("חשבון ששולם לא משתנה עוד");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "/tmp/h1-confirm-markpaid-he-phone.png" });
  await dialog.getByRole("button", { name: text.dismiss, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator("summary", { hasText: text.markPaid })).toBeVisible();
});
