import type { APIRequestContext, Page } from "@playwright/test";
import { MAIL_PORT, MAIL_STAND_INS_PORT } from "../../playwright.config.ts";
import type { StandInDocument } from "../support/morning-stand-in.ts";
import type { ReceivedMail } from "../support/mail-stand-ins.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * For the specs on the e2e server with mail on (playwright.config.ts): its address, to give a spec's
 * tests as their `baseURL` (with `ownSession`, so the operator signs in there), and what its stand-ins
 * (tests/support/mail-stand-ins.ts) received.
 */
export const MAIL_BASE_URL = `http://127.0.0.1:${MAIL_PORT}`;
const STAND_INS = `http://127.0.0.1:${MAIL_STAND_INS_PORT}`;

/**
 * The mail server starts beside the main one, in the background (tests/support/mail-stand-ins.ts):
 * a spec that uses it waits for it in its `beforeAll`.
 */
export async function waitForMailServer() {
  test.setTimeout(120_000);
  await expect
    .poll(async () => (await fetch(`${MAIL_BASE_URL}/healthz`).catch(() => null))?.status, {
      message: "the mail server's health check",
      timeout: 110_000,
      intervals: [250],
    })
    .toBe(200);
}

export async function receivedMails(): Promise<ReceivedMail[]> {
  const response = await fetch(`${STAND_INS}/mails`);
  expect(response.status, "the mailbox's answer").toBe(200);
  return (await response.json()) as ReceivedMail[];
}

/**
 * The mails to `address` (with `subject` in it, when given) as soon as there are `count` of them; the
 * test fails after `timeout` without.
 */
export async function mailsTo(
  address: string,
  { subject, count = 1, timeout = 20_000 }: { subject?: string; count?: number; timeout?: number } = {},
) {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await receivedMails()).filter(
          (mail) =>
            mail.to.toLowerCase().includes(address.toLowerCase()) && (!subject || mail.subject.includes(subject)),
        );
        return found.length;
      },
      { message: `mails to ${address}${subject ? ` about "${subject}"` : ""}`, timeout },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

export async function morningDocuments(): Promise<StandInDocument[]> {
  const response = await fetch(`${STAND_INS}/morning/documents`);
  expect(response.status, "Morning's stand-in's answer").toBe(200);
  return (await response.json()) as StandInDocument[];
}

/** From now on Cardcom declines the card saved when the bill at `payPath` was paid on its page. */
export async function declineCardOf(payPath: string) {
  const response = await fetch(`${STAND_INS}/cardcom/fail`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ payPath, how: "declined" }),
  });
  expect(response.status, "the card to decline").toBe(200);
}

/**
 * Runs the scheduled card renewals as the scheduler would at `at` (app/routes/admin/job-drill.ts),
 * with the operator's session of `request`: a run of that day's slot that succeeded. Answers its counts.
 */
export async function runCardRenewalsAt(request: APIRequestContext, at: Date) {
  const response = await request.post("/admin/job-drill", {
    form: { job: "card-renewals", at: at.toISOString() },
    maxRedirects: 0,
  });
  expect(response.status(), "the job drill's answer").toBe(200);
  const run = (await response.json()) as { outcome: string; reason?: string; counts?: Record<string, number> };
  expect(run, `the card renewals' run at ${at.toISOString()}`).toMatchObject({ outcome: "succeeded" });
  return run.counts!;
}

/** The first link in a mail's text that starts with `prefix`, as a path for the mail server. */
export function linkIn(mail: ReceivedMail, prefix: string) {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(link, `a link to ${prefix} in "${mail.subject}"`).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** The page's client's settings tab for lead delivery: sets the language of the client's e-mails (in English). */
export async function setMailLanguage(page: Page, clientId: number, language: "he" | "en") {
  await gotoHydrated(page, `/admin/clients/${clientId}?lng=en&tab=delivery`);
  await page.getByLabel("Language of the e-mails").selectOption(language);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Delivery settings saved", { exact: true })).toBeVisible();
}
