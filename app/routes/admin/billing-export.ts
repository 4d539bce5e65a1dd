import type { Route } from "./+types/billing-export";
import { billingCsv } from "~/billing/billing-export.server.ts";
import { filterFromSearch } from "~/billing/billing-schema.ts";
import { periodOf } from "~/billing/periods.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { csvDateTime } from "~/lib/csv.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** /admin/billing's records as CSV, with the page's filters: the closed months' bills; headers in the operator's language. */
export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const filter = filterFromSearch(url.searchParams);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  recordAccess(context, { action: "export_billing", clientId: filter.clientId });
  return billingCsv(context.get(databaseContext), {
    filter: {
      clientId: filter.clientId,
      billingPeriod: filter.period,
      status: filter.status,
      beforePeriod: periodOf(new Date(), timeZone),
    },
    header: (key) => t(`columns.${key}`, { ns: "billing" }),
    statusLabel: (status) => t(`status.${status}`, { ns: "billing", defaultValue: status }),
    filename: `billing-${csvDateTime(new Date(), timeZone).slice(0, 10)}.csv`,
    timeZone,
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
