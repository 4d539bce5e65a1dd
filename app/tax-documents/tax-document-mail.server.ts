import type { ClientLanguage } from "#db/vocabulary.ts";
import { formatPeriod } from "~/billing/format-period.ts";
import { vatPercent } from "~/billing/vat.ts";
import { directionOf } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { formatCents, formatNumber } from "~/lib/format.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export type TaxDocumentMailSubject = {
  businessName: string;
  language: ClientLanguage;
  billingPeriod: string;
  currency: string;
  baseFeeCents: number;
  usageFeesCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
  payToken: string;
  documentNumber: string;
  pdfUrl: string | null;
  /** A refund's credit note rather than a payment's invoice-receipt. */
  creditNote?: boolean;
};

/**
 * The business's e-mail with its tax invoice-receipt (or a refund's credit note), in its language:
 * the number, the money and the PDF's link.
 */
export async function composeTaxDocumentMail(subject: TaxDocumentMailSubject, { publicUrl }: { publicUrl?: string }) {
  const { language } = subject;
  const t = (await getI18nInstance(language)).getFixedT(language, "billing");
  const money = (minor: number) => formatCents(minor, language, subject.currency);
  const number = subject.documentNumber;
  const billLink = publicUrl ? new URL(`/pay/${subject.payToken}`, publicUrl).href : null;
  const key = (name: string) => (subject.creditNote ? `creditNoteMail.${name}` : `taxMail.${name}`);
  const lines = [
    t("taxMail.hello", { business: subject.businessName }),
    t(key("thanks"), { period: formatPeriod(subject.billingPeriod, language), number }),
    t("taxMail.net", { amount: money(subject.baseFeeCents + subject.usageFeesCents) }),
    t("taxMail.vat", {
      rate: formatNumber(vatPercent(subject.vatRateBasisPoints), language),
      amount: money(subject.vatCents),
    }),
    t(key("total"), { amount: money(subject.totalCents) }),
  ];
  const text = [
    ...lines,
    ...(subject.pdfUrl ? [t("taxMail.pdf", { link: subject.pdfUrl })] : []),
    ...(billLink ? [t("taxMail.bill", { link: billLink })] : []),
    "",
    t("taxMail.footer"),
  ].join("\n");
  const html = `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><body style="font-family:sans-serif">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${subject.pdfUrl ? `<p><a href="${escapeHtml(subject.pdfUrl)}">${escapeHtml(t(key("pdfLink")))}</a></p>` : ""}
${billLink ? `<p>${escapeHtml(t("taxMail.bill", { link: billLink }))}</p>` : ""}
<p style="color:#666">${escapeHtml(t("taxMail.footer"))}</p></body></html>`;
  return { subject: t(key("subject"), { number }), text, html };
}
