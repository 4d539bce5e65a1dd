import { Download, Inbox, Search, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/leads";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { ContactList, InquiryList, NewsletterList } from "~/leads/components/lead-tables.tsx";
import { exportPathOf, LEAD_LIST_KEYS } from "~/leads/lead-lists.ts";
import { HANDLED_FILTERS, isFollowedList, LEAD_SEARCH_MAX, leadsQuerySchema } from "~/leads/lead-schema.ts";
import { handleLeadsAction, loadLeadsPage } from "~/leads/leads-page.server.ts";
import { formatDateTime, formatNumber } from "~/lib/format.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = leadsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = await loadLeadsPage(context.get(databaseContext), query);
  // Prospects' names, phones and e-mails: the provider's own, of no client.
  if (page.list.rows.length > 0) recordAccess(context, { action: "view_leads" });
  return {
    title: getTranslator(context)("leads.title", { ns: "admin" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    query,
    ...page,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return handleLeadsAction(await request.formData(), {
    db: context.get(databaseContext),
    operatorId: context.get(operatorContext).id,
    backPath: `${url.pathname}${url.search}`,
    t: getTranslator(context),
  });
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
        tabs={LEAD_LIST_KEYS.map((tab) => ({
          value: tab,
          label: t(`leads.tabs.${tab}`),
          count: formatNumber(counts[tab], language),
        }))}
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
        <Form
          method="get"
          role="search"
          aria-label={t("leads.filters.label")}
          className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4"
        >
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
