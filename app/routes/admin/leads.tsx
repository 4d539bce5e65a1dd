import { parseWithZod } from "@conform-to/zod/v4";
import { Download, Inbox, Search, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/leads";
import { INVESTMENT_CURRENCY, INVESTMENT_RANGES } from "~/invest/inquiry-schema.ts";
import { formatRange } from "~/invest/money.ts";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { HandledCell } from "~/leads/components/handled-cell.tsx";
import { exportPathOf, LEAD_LIST_KEYS } from "~/leads/lead-lists.ts";
import { handledFormSchema, HANDLED_FILTERS, isFollowedList, LEAD_SEARCH_MAX, leadsQuerySchema, MARK_HANDLED_INTENT } from "~/leads/lead-schema.ts";
import { loadLeadsPage, markLeadHandled } from "~/leads/leads-page.server.ts";
import { formatDateTime, formatNumber } from "~/lib/format.ts";
import type { ListedContactLead } from "~/models/contact-lead.server.ts";
import type { ListedInvestmentInquiry } from "~/models/investment-inquiry.server.ts";
import type { NewsletterSubscriber } from "~/models/newsletter-subscriber.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = leadsQuerySchema.parse(Object.fromEntries(url.searchParams));
  return {
    title: getTranslator(context)("leads.title", { ns: "admin" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    query,
    ...(await loadLeadsPage(context.get(databaseContext), query)),
  };
}

/** Mark handled / Mark not handled, from a row's button: back to the same list, filters and page. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: handledFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const t = getTranslator(context);
  const back = `${url.pathname}${url.search}`;
  const found = await markLeadHandled(context.get(databaseContext), submission.value, context.get(operatorContext).id);
  if (!found) return redirectWithError(back, t("leads.handled.notFound", { ns: "admin" }));
  const done = submission.value.intent === MARK_HANDLED_INTENT;
  return redirectWithSuccess(back, t(done ? "leads.handled.markedDone" : "leads.handled.markedOpen", { ns: "admin" }));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Leads"} | Alex` }];

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { list, counts, matching, page, pageCount, query, timeZone } = loaderData;
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const formatDate = (date: Date) => formatDateTime(date, language, timeZone);
  const listTitle = t(`leads.tabs.${list.tab}`);
  const followed = isFollowedList(list.tab);
  const filtered = query.q !== "" || (followed && query.handled !== "all");

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
        <Form method="get" role="search" aria-label={t("leads.filters.label")} className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4">
          <input type="hidden" name="tab" value={list.tab} />
          <TextField
            type="search"
            name="q"
            label={t("leads.filters.search")}
            placeholder={t(`leads.filters.searchPlaceholder.${list.tab}`)}
            defaultValue={query.q}
            maxLength={LEAD_SEARCH_MAX}
            className="min-w-56 flex-1"
          />
          {followed ? (
            <SelectField
              name="handled"
              label={t("leads.filters.handled")}
              defaultValue={query.handled}
              options={HANDLED_FILTERS.map((value) => ({ value, label: t(`leads.filters.handledOptions.${value}`) }))}
            />
          ) : null}
          <Button type="submit" variant="secondary">
            <Search className="h-4 w-4" aria-hidden="true" />
            {t("leads.filters.apply")}
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to={`?tab=${list.tab}`}>{t("leads.filters.clear")}</Link>
            </Button>
          ) : null}
        </Form>
        {list.rows.length === 0 ? (
          filtered ? (
            <EmptyState icon={SearchX} title={t("leads.noMatch")} />
          ) : (
            <EmptyState icon={Inbox} title={t(`leads.empty.${list.tab}`)} />
          )
        ) : (
          <>
            <p className="border-b border-slate-100 px-4 py-2 text-sm text-slate-600" role="status">
              {t("leads.matching", { count: matching, formatted: formatNumber(matching, language) })}
            </p>
            {list.tab === "inquiries" ? (
              <InquiryList rows={list.rows} formatDate={formatDate} language={language} />
            ) : list.tab === "contacts" ? (
              <ContactList rows={list.rows} formatDate={formatDate} />
            ) : (
              <NewsletterList rows={list.rows} formatDate={formatDate} />
            )}
          </>
        )}
        <Pagination page={page} pageCount={pageCount} className="border-t border-slate-200 p-4" />
      </section>
    </div>
  );
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

function InquiryList({ rows, formatDate, language }: { rows: ListedInvestmentInquiry[]; formatDate: FormatDate; language: Language }) {
  const { t } = useTranslation("admin");
  const amountOf = (inquiry: ListedInvestmentInquiry) => {
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
          className: "min-w-32 max-w-xs whitespace-pre-line break-words",
        },
        { key: "handled", cell: (row) => <HandledCell list="inquiries" lead={row} formatDate={formatDate} /> },
      ]}
    />
  );
}

function ContactList({ rows, formatDate }: { rows: ListedContactLead[]; formatDate: FormatDate }) {
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
        { key: "handled", cell: (row) => <HandledCell list="contacts" lead={{ ...row, name: row.fullName }} formatDate={formatDate} /> },
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
