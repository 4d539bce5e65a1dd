import { Download, Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Route } from "./+types/leads";
import { INVESTMENT_CURRENCY, INVESTMENT_RANGES } from "~/invest/inquiry-schema.ts";
import { formatRange } from "~/invest/money.ts";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { exportPathOf, LEAD_LIST_KEYS, type LeadList } from "~/leads/lead-lists.ts";
import { formatDateTime, formatNumber } from "~/lib/format.ts";
import { countContactLeads, listContactLeads, type ContactLead } from "~/models/contact-lead.server.ts";
import { countInvestmentInquiries, listInvestmentInquiries, type InvestmentInquiry } from "~/models/investment-inquiry.server.ts";
import {
  countNewsletterSubscribers,
  listNewsletterSubscribers,
  type NewsletterSubscriber,
} from "~/models/newsletter-subscriber.server.ts";

/** The page shows the newest rows; the CSV export has every one. */
const SHOWN_ROWS = 100;

const tabSchema = z.enum(LEAD_LIST_KEYS as [LeadList, ...LeadList[]]).catch("inquiries");

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const tab = tabSchema.parse(url.searchParams.get("tab") ?? undefined);
  const [inquiries, contacts, newsletter] = await Promise.all([
    countInvestmentInquiries(db),
    countContactLeads(db),
    countNewsletterSubscribers(db),
  ]);
  return {
    title: getTranslator(context)("leads.title", { ns: "admin" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    counts: { inquiries, contacts, newsletter } satisfies Record<LeadList, number>,
    list: await loadList(db, tab),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Leads"} | Alex` }];

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { list, counts, timeZone } = loaderData;
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const formatDate = (date: Date) => formatDateTime(date, language, timeZone);
  const listTitle = t(`leads.tabs.${list.tab}`);
  const total = counts[list.tab];

  return (
    <div className="space-y-6">
      <PageHeader title={t("leads.title")} description={t("leads.subtitle")} />

      <LinkTabs
        label={t("leads.tabsLabel")}
        current={list.tab}
        tabs={LEAD_LIST_KEYS.map((tab) => ({ value: tab, label: t(`leads.tabs.${tab}`), count: formatNumber(counts[tab], language) }))}
      />

      <section aria-labelledby="lead-list-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
          <h2 id="lead-list-title" className="text-lg font-semibold">
            {listTitle}
          </h2>
          <Button asChild variant="secondary" size="sm">
            <a href={exportPathOf(list.tab)} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t("leads.export")}
            </a>
          </Button>
        </div>
        {list.rows.length === 0 ? (
          <EmptyState icon={Inbox} title={t(`leads.empty.${list.tab}`)} />
        ) : (
          <>
            {total > list.rows.length ? (
              <p className="border-b border-slate-100 px-4 py-2 text-sm text-slate-600">
                {t("leads.showing", { shown: formatNumber(list.rows.length, language), total: formatNumber(total, language) })}
              </p>
            ) : null}
            {list.tab === "inquiries" ? (
              <InquiryList rows={list.rows} formatDate={formatDate} language={language} />
            ) : list.tab === "contacts" ? (
              <ContactList rows={list.rows} formatDate={formatDate} />
            ) : (
              <NewsletterList rows={list.rows} formatDate={formatDate} />
            )}
          </>
        )}
      </section>
    </div>
  );
}

async function loadList(db: Parameters<typeof listInvestmentInquiries>[0], tab: LeadList) {
  switch (tab) {
    case "inquiries":
      return { tab, rows: await listInvestmentInquiries(db, { limit: SHOWN_ROWS }) } as const;
    case "contacts":
      return { tab, rows: await listContactLeads(db, { limit: SHOWN_ROWS }) } as const;
    case "newsletter":
      return { tab, rows: await listNewsletterSubscribers(db, { limit: SHOWN_ROWS }) } as const;
  }
}

type FormatDate = (date: Date) => string;
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

function InquiryList({ rows, formatDate, language }: { rows: InvestmentInquiry[]; formatDate: FormatDate; language: Language }) {
  const { t } = useTranslation("admin");
  const amountOf = (inquiry: InvestmentInquiry) => {
    const inquiryLanguage: Language = isLanguage(inquiry.language) ? inquiry.language : "he";
    const range = INVESTMENT_RANGES[inquiryLanguage].find((candidate) => candidate.value === inquiry.investmentAmount);
    if (!range) return inquiry.investmentAmount;
    return formatRange(range, INVESTMENT_CURRENCY[inquiryLanguage], language, (amount) => t("leads.amountAtLeast", { amount }));
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
        { key: "phone", only: "cards", cell: (row) => (row.phone ? <bdi className="whitespace-nowrap">{row.phone}</bdi> : <Missing />) },
        { key: "amount", cell: (row) => <bdi className="whitespace-nowrap">{amountOf(row)}</bdi> },
        { key: "expertise", cell: (row) => (row.expertise ? t(`leads.expertise.${row.expertise}`) : <Missing />) },
        {
          key: "message",
          cell: (row) => (row.message ? <p dir="auto">{row.message}</p> : <Missing />),
          className: "min-w-48 max-w-sm whitespace-pre-line break-words",
        },
      ]}
    />
  );
}

function ContactList({ rows, formatDate }: { rows: ContactLead[]; formatDate: FormatDate }) {
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
      ]}
    />
  );
}

function NewsletterList({ rows, formatDate }: { rows: NewsletterSubscriber[]; formatDate: FormatDate }) {
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
