import { useTranslation } from "react-i18next";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { INVESTMENT_CURRENCY, INVESTMENT_RANGES } from "~/invest/inquiry-schema.ts";
import { formatRange } from "~/invest/money.ts";
import type { ListedContactLead } from "~/models/contact-lead.server.ts";
import type { ListedInvestmentInquiry } from "~/models/investment-inquiry.server.ts";
import type { NewsletterSubscriber } from "~/models/newsletter-subscriber.server.ts";
import { HandledCell } from "./handled-cell.tsx";

export type FormatDate = (date: Date) => string;
/** A Leads column: its header is the column's name in the `leads.columns` texts. */
type LeadColumn<Row> = Omit<Column<Row>, "header">;

function LeadTable<Row extends { id: number }>({ rows, columns }: { rows: Row[]; columns: LeadColumn<Row>[] }) {
  const { t } = useTranslation("admin");
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns.map((column) => ({ ...column, header: t(`leads.columns.${column.key}`) }))}
    />
  );
}

function DateCell({ date, formatDate }: { date: Date; formatDate: FormatDate }) {
  return (
    <time dateTime={date.toISOString()} className="whitespace-nowrap">
      {formatDate(date)}
    </time>
  );
}

function Missing() {
  const { t } = useTranslation("admin");
  return <span className="text-slate-500">{t("leads.none")}</span>;
}

function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} dir="ltr" className="break-words text-brand-700 hover:underline">
      {email}
    </a>
  );
}

/** The investment inquiries, with the amount range in the page's language. */
export function InquiryList({
  rows,
  formatDate,
  language,
}: {
  rows: ListedInvestmentInquiry[];
  formatDate: FormatDate;
  language: Language;
}) {
  const { t } = useTranslation("admin");
  const amountOf = (inquiry: ListedInvestmentInquiry) => {
    const inquiryLanguage: Language = isLanguage(inquiry.language) ? inquiry.language : "he";
    const range = INVESTMENT_RANGES[inquiryLanguage].find((candidate) => candidate.value === inquiry.investmentAmount);
    if (!range) return inquiry.investmentAmount;
    return formatRange(range, INVESTMENT_CURRENCY[inquiryLanguage], language, (amount) =>
      t("leads.amountAtLeast", { amount }),
    );
  };
  return (
    <LeadTable
      rows={rows}
      columns={[
        { key: "date", cell: (row) => <DateCell date={row.createdAt} formatDate={formatDate} /> },
        {
          key: "name",
          only: "table",
          cell: (row) => (
            <>
              <bdi className="font-medium">{row.name}</bdi>
              {row.company ? <bdi className="block text-slate-600">{row.company}</bdi> : null}
            </>
          ),
        },
        { key: "name", only: "cards", cell: (row) => <bdi>{row.name}</bdi>, className: "font-medium" },
        { key: "company", only: "cards", cell: (row) => (row.company ? <bdi>{row.company}</bdi> : <Missing />) },
        {
          key: "contact",
          only: "table",
          cell: (row) => (
            <>
              <EmailLink email={row.email} />
              {row.phone ? <bdi className="block whitespace-nowrap text-slate-600">{row.phone}</bdi> : null}
            </>
          ),
        },
        { key: "email", only: "cards", cell: (row) => <EmailLink email={row.email} /> },
        {
          key: "phone",
          only: "cards",
          cell: (row) => (row.phone ? <bdi className="whitespace-nowrap">{row.phone}</bdi> : <Missing />),
        },
        { key: "amount", cell: (row) => <bdi className="whitespace-nowrap">{amountOf(row)}</bdi> },
        { key: "expertise", cell: (row) => (row.expertise ? t(`leads.expertise.${row.expertise}`) : <Missing />) },
        {
          key: "message",
          cell: (row) => (row.message ? <p dir="auto">{row.message}</p> : <Missing />),
          className: "min-w-32 max-w-xs whitespace-pre-line break-words",
        },
        {
          key: "handled",
          cell: (row) => <HandledCell fields={{ list: "inquiries", id: row.id }} lead={row} formatDate={formatDate} />,
        },
      ]}
    />
  );
}

export function ContactList({ rows, formatDate }: { rows: ListedContactLead[]; formatDate: FormatDate }) {
  const { t } = useTranslation("admin");
  return (
    <LeadTable
      rows={rows}
      columns={[
        { key: "date", cell: (row) => <DateCell date={row.createdAt} formatDate={formatDate} /> },
        { key: "fullName", cell: (row) => <bdi>{row.fullName}</bdi>, className: "font-medium" },
        { key: "email", cell: (row) => <EmailLink email={row.email} /> },
        { key: "phone", cell: (row) => <bdi className="whitespace-nowrap">{row.phone}</bdi> },
        { key: "marketingConsent", cell: (row) => t(row.marketingConsent ? "leads.yes" : "leads.no") },
        { key: "language", cell: (row) => t(`leads.languages.${row.language}`) },
        {
          key: "handled",
          cell: (row) => (
            <HandledCell
              fields={{ list: "contacts", id: row.id }}
              lead={{ ...row, name: row.fullName }}
              formatDate={formatDate}
            />
          ),
        },
      ]}
    />
  );
}

export function NewsletterList({ rows, formatDate }: { rows: NewsletterSubscriber[]; formatDate: FormatDate }) {
  const { t } = useTranslation("admin");
  return (
    <LeadTable
      rows={rows}
      columns={[
        { key: "date", cell: (row) => <DateCell date={row.createdAt} formatDate={formatDate} /> },
        { key: "email", cell: (row) => <EmailLink email={row.email} /> },
        { key: "language", cell: (row) => t(`leads.languages.${row.language}`) },
      ]}
    />
  );
}
