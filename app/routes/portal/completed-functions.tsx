import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/completed-functions";
import { opensPage } from "~/auth/permissions.ts";
import { Button } from "~/components/ui/button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import {
  CompletedFunctionsFilterForm,
  CompletedFunctionsList,
} from "~/conversations/components/completed-functions-table.tsx";
import { filterQuery } from "~/conversations/completed-function-filters.ts";
import { completedFunctionsPage } from "~/conversations/completed-functions.server.ts";
import { databaseContext, envContext, operatorContext, portalClientContext } from "~/context.ts";
import { isLanguage } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatDateTime } from "~/lib/format.ts";
import { ownCompletedFunctionFilters } from "~/portal/completed-functions-filters.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";

export const handle = { i18n: ["portal-business", "functions"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const clientId = context.get(portalClientContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const filters = ownCompletedFunctionFilters(url.searchParams, clientId);
  const list = await completedFunctionsPage(context.get(databaseContext), filters, timeZone);
  if (list.rows.some((row) => Object.keys(row.clientDetails).length > 0)) {
    recordAccess(context, { action: "view_completed_functions", clientId });
  }
  const role = context.get(operatorContext).role;
  const search = filterQuery({ ...filters, clientId: undefined });
  return {
    title: getTranslator(context)("functions.title", { ns: "portal-business" }),
    timeZone,
    filters,
    search,
    mayExport: opensPage(role, "/portal/completed-functions/export"),
    mayOpenConversations: opensPage(role, "/portal/conversations/:sessionId"),
    rows: list.rows.map(({ businessName: _, profitCents: __, ...row }) => row),
    completed: list.totals.completed,
    page: list.page,
    pageCount: list.pageCount,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Completed functions"} | Alex` },
];

export default function PortalCompletedFunctions({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("portal-business");
  const { rows, completed, page, pageCount, filters, search, timeZone, mayExport, mayOpenConversations } = loaderData;
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const filtered = search !== "";

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("functions.title")}
        description={t("functions.subtitle")}
        actions={
          mayExport && completed > 0 ? (
            <Button asChild variant="secondary">
              <a href={`/portal/completed-functions/export${search}`} download>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("functions.export")}
              </a>
            </Button>
          ) : null
        }
      />

      <CompletedFunctionsFilterForm filters={filters} filtered={filtered} clearTo="." />

      <CompletedFunctionsList
        rows={rows}
        total={completed}
        page={page}
        pageCount={pageCount}
        filtered={filtered}
        formatDate={(date) => formatDateTime(date, language, timeZone)}
        sessionPath={
          mayOpenConversations ? (publicId) => `/portal/conversations/${encodeURIComponent(publicId)}` : null
        }
        provider={false}
      />
    </div>
  );
}
