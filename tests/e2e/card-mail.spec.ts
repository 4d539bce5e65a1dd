import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { shiftPeriod } from "../../app/billing/periods.ts";
import { formatCents } from "../../app/lib/format.ts";
import { CURRENT_PERIOD } from "../support/demo-periods.ts";
import { fillCardcomPage } from "./cardcom-page.ts";
import { DESKTOP, expect, gotoHydrated, PHONE, test } from "./fixtures.ts";
import {
  declineCardOf,
  MAIL_BASE_URL,
  mailsTo,
  morningDocuments,
  runCardRenewalsAt,
  setMailLanguage,
  waitForMailServer,
} from "./mail-fixtures.ts";

/**
 * Israeli billing with mail on (docs/decisions/046-israeli-billing.md, 048-cardcom-low-profile.md), on
 * the e2e server whose stand-ins keep what they received (tests/support/mail-stand-ins.ts): a shekel
 * bill paid on Cardcom's page gets Morning's tax invoice-receipt, shown on the bill and mailed to the
 * business in its language; the next month's bill is charged to the saved card by the renewal job; a
 * declined renewal is mailed and tried again the next day, mailed again; a refund's credit note is on
 * the bill and in the mail. The renewal job runs at a day the test gives (app/routes/admin/job-drill.ts).
 *
 * Each language its own seed client and its own three months, far enough apart that one's renewal runs
 * (which look three months back) never meet the other's bills, nor the demo's (the last three months).
 * A retry takes the next client: the first try may have paid its bills.
 */
const SHOTS = "screenshots/mail";

const CASES = [
  {
    language: "he",
    viewport: PHONE,
    width: "phone",
    clients: [
      { name: "נדל״ן השרון", email: "office@nadlan-hasharon.example" },
      { name: "בדיקות פלוס", email: "sales@bdikot-plus.example" },
    ],
    first: shiftPeriod(CURRENT_PERIOD, -6),
    words: {
      vat: "מע״מ (18%)",
      payByCard: "תשלום בכרטיס אשראי ישראלי",
      paid: "החשבון שולם. תודה!",
      refundedInFull: "החשבון שולם, והתשלום הוחזר לכם במלואו.",
      taxDocument: "חשבונית מס / קבלה",
      creditNote: "חשבונית זיכוי",
      taxMailSubject: (number: string) => `חשבונית מס / קבלה ${number} לחשבון Alex שלך`,
      taxMailThanks: (number: string) => `מספר החשבונית מס / קבלה שלך הוא ${number}.`,
      taxMailTotal: "סה״כ שולם:",
      declinedSubject: "חיוב הכרטיס עבור חשבון Alex של",
      declined: "והחיוב נדחה (Declined)",
      retry: "ננסה שוב ב-",
      creditMailSubject: (number: string) => `חשבונית זיכוי ${number} לחשבון Alex שלך`,
      creditMailThanks: (number: string) => `מספר חשבונית הזיכוי שלך הוא ${number}.`,
      records: "רשומות חיוב",
      refund: "החזר",
      submit: "החזר מלא",
      refunded: "הוחזר",
    },
  },
  {
    language: "en",
    viewport: DESKTOP,
    width: "desktop",
    clients: [
      { name: "Simcha Party Planners", email: "events@simcha-party.example" },
      { name: "Alex AI", email: "hello@alex-ai.example" },
    ],
    first: shiftPeriod(CURRENT_PERIOD, -10),
    words: {
      vat: "VAT (18%)",
      payByCard: "Pay by Israeli card",
      paid: "This bill is paid. Thank you!",
      refundedInFull: "This bill was paid, and the payment went back to you in full.",
      taxDocument: "Tax invoice-receipt",
      creditNote: "Credit note",
      taxMailSubject: (number: string) => `Tax invoice-receipt ${number} for your Alex bill`,
      taxMailThanks: (number: string) => `Your tax invoice-receipt is ${number}.`,
      taxMailTotal: "Total paid:",
      declinedSubject: "Your card was declined for the Alex bill of",
      declined: "and the charge was declined (Declined)",
      retry: "We will try again on ",
      creditMailSubject: (number: string) => `Credit note ${number} for your Alex bill`,
      creditMailThanks: (number: string) => `Your credit note is ${number}.`,
      records: "Billing records",
      refund: "Refund",
      submit: "Refund in full",
      refunded: "Refunded",
    },
  },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The number a bill page shows after `label` ("Tax invoice-receipt 10001"), once Morning issued it. */
async function documentNumberOn(page: Page, label: string) {
  const shown = page.getByText(new RegExp(`^${escapeRegExp(label)} \\d+$`));
  await expect(async () => {
    await page.reload();
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return (await shown.textContent())!.slice(label.length).trim();
}

/** The operator makes one client's bill of a month, and answers its pay link's path. */
async function billOf(page: Page, clientId: number, client: string, period: string) {
  await gotoHydrated(page, "/admin/billing?lng=en");
  const generate = page.getByRole("region", { name: "Generate bills" });
  await generate.getByLabel("Month").selectOption(period);
  await generate.getByLabel("Client").selectOption(String(clientId));
  await generate.getByRole("button", { name: "Generate bills" }).click();
  await expect(page.getByText(/^Bills generated: \d+ new/)).toBeVisible();
  await gotoHydrated(page, `/admin/billing?period=${period}&clientId=${clientId}&lng=en`);
  const payPath = await page
    .getByRole("link", { name: new RegExp(`^Pay link for ${escapeRegExp(client)}`) })
    .getAttribute("href");
  expect(payPath).toMatch(/^\/pay\/[0-9a-f]{64}$/);
  return payPath!;
}

/** A day of the month after `period`, at 10:00 in Israel: the renewal job's run of that morning. */
const morningAfter = (period: string, day: number) =>
  new Date(`${shiftPeriod(period as typeof CURRENT_PERIOD, 1)}-${String(day).padStart(2, "0")}T08:00:00Z`);

test.use({ baseURL: MAIL_BASE_URL, ownSession: true });
test.beforeAll(waitForMailServer);

for (const { language, viewport, width, clients, first, words } of CASES) {
  test(`an Israeli card pays, renews, is declined and refunded, each mailed (${language}, ${width})`, async ({
    page,
    signIn,
  }, testInfo) => {
    test.setTimeout(150_000);
    mkdirSync(SHOTS, { recursive: true });
    const { name: client, email } = clients[Math.min(testInfo.retry, clients.length - 1)]!;
    const [second, third] = [shiftPeriod(first, 1), shiftPeriod(first, 2)];
    // The renewal job runs once a day: a retry's runs are on days of their own.
    const day = 10 + 3 * testInfo.retry;

    // The operator bills the client in shekels, e-mailed in the test's language.
    await signIn();
    const operator = await page.context().cookies();
    const found = (await (await page.request.get(`/api/clients?${new URLSearchParams({ q: client })}`)).json()) as {
      id: number;
      businessName: string;
    }[];
    const clientId = found.find((each) => each.businessName === client)!.id;
    await gotoHydrated(page, `/admin/clients/${clientId}/config?lng=en`);
    await page.getByLabel("Billing currency").selectOption("ILS");
    await page.getByRole("button", { name: "Save Client Details" }).click();
    await expect(page.getByText("Client details updated successfully", { exact: true })).toBeVisible();
    await setMailLanguage(page, clientId, language);
    const firstPay = await billOf(page, clientId, client, first);

    // The business pays its bill on Cardcom's page: paid, with Morning's tax invoice-receipt.
    await page.context().clearCookies();
    await page.setViewportSize(viewport);
    await gotoHydrated(page, `${firstPay}?lng=${language}`);
    await expect(page.getByText(words.vat)).toBeVisible();
    await page.getByRole("button", { name: words.payByCard }).click();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    const pay = await fillCardcomPage(page, language);
    await pay.click();
    await expect(page).toHaveURL(new RegExp(`${firstPay}\\?card=return$`));
    await expect(page.getByText(words.paid, { exact: true })).toBeVisible();
    const invoice = await documentNumberOn(page, words.taxDocument);
    await expect(page.getByText(words.paid, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bill-paid-${language}-${width}.png`, fullPage: true });

    // Its mail, in its language, carries that document: the number Morning gave, the total, the PDF.
    const [invoiceMail] = await mailsTo(email, { subject: words.taxMailSubject(invoice) });
    expect(invoiceMail!.text).toContain(words.taxMailThanks(invoice));
    expect(invoiceMail!.text).toContain(words.taxMailTotal);
    const document = (await morningDocuments()).find((each) => String(each.number) === invoice && each.type !== 330);
    expect(document?.lang).toBe(language);
    expect(invoiceMail!.text).toContain(`/documents/${document!.id}/download`);
    const total = formatCents(Math.round(document!.amount * 100), language, "ILS");
    expect(invoiceMail!.text).toContain(`${words.taxMailTotal} ${total}`);
    expect(invoiceMail!.text).toContain(`${MAIL_BASE_URL}${firstPay}`);
    await expect(page.getByText(total, { exact: true })).toBeVisible();

    // The next month's bill: the morning's renewal charges the saved card, and the bill is paid.
    await page.context().addCookies(operator);
    const secondPay = await billOf(page, clientId, client, second);
    expect((await runCardRenewalsAt(page.request, morningAfter(second, day))).charged).toBeGreaterThanOrEqual(1);
    await page.context().clearCookies();
    await gotoHydrated(page, `${secondPay}?lng=${language}`);
    await expect(page.getByText(words.paid, { exact: true })).toBeVisible();
    const renewalInvoice = await documentNumberOn(page, words.taxDocument);
    expect(renewalInvoice).not.toBe(invoice);
    await mailsTo(email, { subject: words.taxMailSubject(renewalInvoice) });

    // The month after, the card is declined: the business is mailed, and again on the next day's retry.
    await declineCardOf(firstPay);
    await page.context().addCookies(operator);
    const thirdPay = await billOf(page, clientId, client, third);
    const declinedAt = morningAfter(third, day);
    const before = (await mailsTo(email, { count: 0 })).filter((mail) =>
      mail.subject.startsWith(words.declinedSubject),
    ).length;
    expect((await runCardRenewalsAt(page.request, declinedAt)).declined).toBeGreaterThanOrEqual(1);
    const declined = await mailsTo(email, { subject: words.declinedSubject, count: before + 1 });
    expect(declined.at(-1)!.text).toContain(words.declined);
    expect(declined.at(-1)!.text).toContain(words.retry);
    expect(declined.at(-1)!.text).toContain(`${MAIL_BASE_URL}${thirdPay}`);
    const nextDay = new Date(declinedAt.getTime() + 24 * 60 * 60 * 1000);
    expect((await runCardRenewalsAt(page.request, nextDay)).declined).toBeGreaterThanOrEqual(1);
    const again = await mailsTo(email, { subject: words.declinedSubject, count: before + 2 });
    expect(again.at(-1)!.text).toContain(words.retry);
    // The bill still waits for its money, with the card's button.
    await page.context().clearCookies();
    await gotoHydrated(page, `${thirdPay}?lng=${language}`);
    await expect(page.getByRole("button", { name: words.payByCard })).toBeVisible();

    // The operator refunds the first payment: a credit note, on the bill and in the mail.
    await page.context().addCookies(operator);
    await gotoHydrated(page, `/admin/billing?period=${first}&clientId=${clientId}&status=paid&lng=${language}`);
    const row = page.getByRole("region", { name: words.records }).getByRole("row").filter({ hasText: client });
    await row.locator("summary", { hasText: words.refund }).click();
    await row.getByRole("button", { name: words.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: words.submit }).click();
    await expect(row.getByText(words.refunded, { exact: true })).toBeVisible();
    const creditNote = await documentNumberOn(page, words.creditNote);
    const [creditMail] = await mailsTo(email, { subject: words.creditMailSubject(creditNote) });
    expect(creditMail!.text).toContain(words.creditMailThanks(creditNote));
    await page.context().clearCookies();
    await gotoHydrated(page, `${firstPay}?lng=${language}`);
    await expect(page.getByText(`${words.creditNote} ${creditNote}`, { exact: true })).toBeVisible();
    await expect(page.getByText(words.refundedInFull, { exact: true })).toBeVisible();
    await expect(page.getByText(`${words.taxDocument} ${invoice}`, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bill-refunded-${language}-${width}.png`, fullPage: true });
  });
}
