import { CalendarClock, CreditCard, FileText, FileX, Lightbulb, MessagesSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { formatPeriod, statusTone } from "~/billing/format-period.ts";
import { formatCents, formatDate, formatNumber } from "~/lib/format.ts";
import { TaxDocumentStatus, type BillTaxDocument } from "~/billing/components/tax-document-status.tsx";

/** An amount in the page's language, kept in one piece. */
function MoneyText({ cents, currency }: { cents: number; currency: string }) {
  const { i18n } = useTranslation();
  return <bdi className="whitespace-nowrap tabular-nums">{formatCents(cents, i18n.language, currency)}</bdi>;
}

export type PortalMonth = {
  period: string;
  payableFrom: Date | string;
  usage: {
    conversations: number;
    articles: number;
    solutions: number;
    usageFeesCents: number;
    totalCents: number;
    currency: string;
  } | null;
};

/** The business's month in progress: what it used so far and what that comes to (not a bill yet). */
export function PortalMonthUsage({ month, timeZone }: { month: PortalMonth; timeZone: string }) {
  const { t, i18n } = useTranslation("portal-business");
  const language = i18n.language;
  const count = (value: number) => formatNumber(value, language);
  return (
    <TitledCard
      id="month-usage"
      title={t("billing.usage.title", { period: formatPeriod(month.period, language) })}
      description={t("billing.usage.description", { date: formatDate(month.payableFrom, language, timeZone) })}
    >
      {month.usage ? (
        <ul
          aria-label={t("billing.usage.label")}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5"
        >
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.conversations")}
              icon={MessagesSquare}
              value={count(month.usage.conversations)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.articles")}
              icon={FileText}
              value={count(month.usage.articles)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.solutions")}
              icon={Lightbulb}
              value={count(month.usage.solutions)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.usageFees")}
              icon={CreditCard}
              value={formatCents(month.usage.usageFeesCents, language, month.usage.currency)}
            />
          </li>
          <li>
            <StatCard
              level={3}
              title={t("billing.usage.total")}
              icon={CalendarClock}
              value={formatCents(month.usage.totalCents, language, month.usage.currency)}
            />
          </li>
        </ul>
      ) : (
        <EmptyState icon={CalendarClock} title={t("billing.usage.empty")} />
      )}
    </TitledCard>
  );
}

export type PortalBill = {
  id: number;
  billingPeriod: string;
  baseFeeCents: number;
  usageFeesCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
  currency: string;
  status: string;
  paidAt: Date | null;
  payToken: string | null;
  taxDocument: BillTaxDocument | undefined;
  /** Refunded in full: the bill shows so, with its credit note. */
  refunded: boolean;
  creditNote: BillTaxDocument | undefined;
};

/** The business's closed months' bills: amounts with VAT, status, the public pay page of an unpaid one, the tax document of a paid one. */
export function PortalBills({
  bills,
  timeZone,
  morningConfigured,
}: {
  bills: PortalBill[];
  timeZone: string;
  morningConfigured: boolean;
}) {
  const { t, i18n } = useTranslation("portal-business");
  const { t: billing } = useTranslation("billing");
  const language = i18n.language;
  if (bills.length === 0) return <EmptyState icon={FileX} title={t("billing.bills.empty")} />;
  return (
    <ResponsiveTable
      label={t("billing.bills.title")}
      rows={bills}
      rowKey={(bill) => bill.id}
      columns={[
        {
          key: "period",
          header: billing("columns.period"),
          cell: (bill) => (
            <span className="whitespace-nowrap font-medium">{formatPeriod(bill.billingPeriod, language)}</span>
          ),
        },
        {
          key: "base",
          header: billing("columns.baseFee"),
          cell: (bill) => <MoneyText cents={bill.baseFeeCents} currency={bill.currency} />,
        },
        {
          key: "usage",
          header: billing("columns.usageFees"),
          cell: (bill) => <MoneyText cents={bill.usageFeesCents} currency={bill.currency} />,
        },
        {
          key: "vat",
          header: billing("columns.vat"),
          cell: (bill) => (
            <span className="flex flex-col">
              <MoneyText cents={bill.vatCents} currency={bill.currency} />
              <span className="text-xs text-slate-600">
                {bill.vatRateBasisPoints === 0
                  ? billing("vat.zeroRated")
                  : billing("vat.rate", { rate: formatNumber(bill.vatRateBasisPoints / 100, language) })}
              </span>
            </span>
          ),
        },
        {
          key: "total",
          header: billing("columns.total"),
          cell: (bill) => <MoneyText cents={bill.totalCents} currency={bill.currency} />,
          className: "font-semibold",
        },
        {
          key: "status",
          header: billing("columns.status"),
          cell: (bill) =>
            bill.refunded ? (
              <Badge tone="neutral">{billing("status.refunded")}</Badge>
            ) : (
              <Badge tone={statusTone(bill.status)}>
                {billing(`status.${bill.status}`, { defaultValue: bill.status })}
              </Badge>
            ),
        },
        {
          key: "payment",
          header: billing("columns.actions"),
          cell: (bill) =>
            bill.payToken ? (
              <Button asChild size="sm">
                <a
                  href={`/pay/${bill.payToken}`}
                  aria-label={t("billing.bills.payFor", { period: formatPeriod(bill.billingPeriod, language) })}
                >
                  <CreditCard className="h-4 w-4" aria-hidden="true" />
                  {t("billing.bills.pay")}
                </a>
              </Button>
            ) : bill.paidAt ? (
              <span className="flex flex-col gap-1">
                <span className="text-sm text-slate-600">
                  {billing("actions.paidAt", { date: formatDate(bill.paidAt, language, timeZone) })}
                </span>
                <TaxDocumentStatus document={bill.taxDocument} paid morningConfigured={morningConfigured} />
                {bill.refunded ? (
                  <TaxDocumentStatus
                    document={bill.creditNote}
                    paid
                    morningConfigured={morningConfigured}
                    kind="creditNote"
                  />
                ) : null}
              </span>
            ) : null,
        },
      ]}
    />
  );
}

export type PortalTaxDocument = {
  id: number;
  documentNumber: string;
  pdfUrl: string | null;
  issuedAt: Date | null;
  billingPeriod: string;
  currency: string;
  vatCents: number;
  totalCents: number;
};

/** The business's tax invoice-receipts, one per payment: number, month, VAT, total and the PDF. */
export function PortalTaxDocuments({ documents, timeZone }: { documents: PortalTaxDocument[]; timeZone: string }) {
  const { t, i18n } = useTranslation("portal-business");
  const { t: billing } = useTranslation("billing");
  const language = i18n.language;
  if (documents.length === 0) return <EmptyState icon={FileX} title={t("billing.documents.empty")} />;
  return (
    <ResponsiveTable
      label={t("billing.documents.title")}
      rows={documents}
      rowKey={(document) => document.id}
      columns={[
        {
          key: "number",
          header: t("billing.documents.number"),
          cell: (document) => <bdi className="font-medium tabular-nums">{document.documentNumber}</bdi>,
        },
        {
          key: "period",
          header: billing("columns.period"),
          cell: (document) => (
            <span className="whitespace-nowrap">{formatPeriod(document.billingPeriod, language)}</span>
          ),
        },
        {
          key: "issued",
          header: t("billing.documents.issued"),
          cell: (document) => (document.issuedAt ? formatDate(document.issuedAt, language, timeZone) : null),
        },
        {
          key: "vat",
          header: billing("columns.vat"),
          cell: (document) => <MoneyText cents={document.vatCents} currency={document.currency} />,
        },
        {
          key: "total",
          header: billing("columns.total"),
          cell: (document) => <MoneyText cents={document.totalCents} currency={document.currency} />,
        },
        {
          key: "pdf",
          header: billing("taxDocument.pdf"),
          cell: (document) =>
            document.pdfUrl ? (
              <a
                href={document.pdfUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="font-medium text-brand-700 underline underline-offset-2"
                aria-label={billing("taxDocument.pdfOf", { number: document.documentNumber })}
              >
                {billing("taxDocument.pdf")}
              </a>
            ) : null,
        },
      ]}
    />
  );
}
