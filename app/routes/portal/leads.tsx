import { Download, Inbox, Search, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/leads";
import { opensPage } from "~/auth/permissions.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { databaseContext, envContext, operatorContext, portalClientContext } from "~/context.ts";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { handleClientLeadsAction, loadClientLeadsPage } from "~/leads/client-leads.server.ts";
import { clientLeadsQuerySchema, HANDLED_FILTERS, LEAD_SEARCH_MAX } from "~/leads/lead-schema.ts";
import { formatDateTime, formatNumber } from "~/lib/format.ts";
import { PortalLeadsTable } from "~/portal/leads-table.tsx";
import { portalLeadsExportPath } from "~/portal/leads-paths.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";

export const handle = { i18n: ["portal-business", "functions"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const clientId = context.get(portalClientContext);
  const query = clientLeadsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = await loadClientLeadsPage(context.get(databaseContext), clientId, query);
  // Visitors' names, phones and e-mails: the person who saw them is in the business's access log.
  if (page.rows.length > 0) recordAccess(context, { action: "view_leads", clientId });
  const role = context.get(operatorContext).role;
  return {
    title: getTranslator(context)("leads.title", { ns: "portal-business" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    query,
    mayExport: opensPage(role, "/portal/leads/export/:list"),
    mayOpenConversations: opensPage(role, "/portal/conversations/:sessionId"),
    ...page,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  return handleClientLeadsAction(await request.formData(), {
    db: context.get(databaseContext),
    clientId: context.get(portalClientContext),
    personId: context.get(operatorContext).id,
    backPath: `${url.pathname}${url.search}`,
    t: getTranslator(context),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Leads"} | Alex` }];

export default function PortalLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("portal-business");
  const { t: admin } = useTranslation("admin");
  const { rows, total, matching, page, pageCount, query, timeZone, mayExport, mayOpenConversations } = loaderData;
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const filtered = query.q !== "" || query.handled !== "all";

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("leads.title")}
        description={t("leads.subtitle")}
        actions={
          mayExport && total > 0 ? (
            <Button asChild variant="secondary">
              <a href={portalLeadsExportPath(query)} download>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("leads.export")}
              </a>
            </Button>
          ) : null
        }
      />

      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}

      <section aria-label={t("leads.title")} className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <Form
          method="get"
          role="search"
          aria-label={admin("leads.filters.label")}
          className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4"
        >
          <TextField
            type="search"
            name="q"
            label={admin("leads.filters.search")}
            placeholder={t("leads.searchPlaceholder")}
            defaultValue={query.q}
            maxLength={LEAD_SEARCH_MAX}
            className="min-w-48 flex-1"
          />
          <SelectField
            name="handled"
            label={admin("leads.filters.handled")}
            defaultValue={query.handled}
            options={HANDLED_FILTERS.map((value) => ({ value, label: admin(`leads.filters.handledOptions.${value}`) }))}
          />
          <Button type="submit" variant="secondary">
            <Search className="h-4 w-4" aria-hidden="true" />
            {admin("leads.filters.apply")}
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to=".">{admin("leads.filters.clear")}</Link>
            </Button>
          ) : null}
        </Form>
        {rows.length === 0 ? (
          filtered ? (
            <EmptyState icon={SearchX} title={admin("leads.noMatch")} />
          ) : (
            <EmptyState icon={Inbox} title={t("leads.empty")} />
          )
        ) : (
          <>
            <p className="border-b border-slate-100 px-4 py-2 text-sm text-slate-600" role="status">
              {admin("leads.matching", { count: matching, formatted: formatNumber(matching, language) })}
            </p>
            <PortalLeadsTable
              rows={rows}
              formatDate={(date) => formatDateTime(date, language, timeZone)}
              conversationPath={
                mayOpenConversations ? (publicId) => `/portal/conversations/${encodeURIComponent(publicId)}` : null
              }
            />
          </>
        )}
        <Pagination page={page} pageCount={pageCount} className="border-t border-slate-200 p-4" />
      </section>
    </div>
  );
}
