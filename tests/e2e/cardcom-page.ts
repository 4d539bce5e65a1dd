import type { Page } from "@playwright/test";
import { APPROVED_CARD } from "../support/cardcom-stand-in.ts";

/** The labels of Cardcom's hosted page, as our stand-in (tests/support/cardcom-stand-in.ts) shows them. */
const LABELS = {
  he: { card: "מספר כרטיס", month: "חודש תוקף", year: "שנת תוקף", pay: "לתשלום" },
  en: { card: "Card number", month: "Expiry month", year: "Expiry year", pay: "Pay" },
} as const;

/** Fills Cardcom's page with a card that is approved; answers its Pay button, to click when the test is ready. */
export async function fillCardcomPage(page: Page, language: "he" | "en") {
  const labels = LABELS[language];
  await page.getByLabel(labels.card).fill(APPROVED_CARD);
  await page.getByLabel(labels.month).fill("12");
  await page.getByLabel(labels.year).fill("2030");
  await page.getByLabel("CVV").fill("123");
  return page.getByRole("button", { name: labels.pay, exact: true });
}
