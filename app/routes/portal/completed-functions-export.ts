import type { Route } from "./+types/completed-functions-export";
import { completedFunctionsCsv } from "~/conversations/completed-functions.server.ts";
import { databaseContext, envContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { ownCompletedFunctionFilters } from "~/portal/completed-functions-filters.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/**
 * The business's completed functions as CSV (its owner only), with the page's filters: its own rows,
 * without the provider's columns (the client, the profit). The access log names the person.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const clientId = context.get(portalClientContext);
  recordAccess(context, { action: "export_completed_functions", clientId });
  return completedFunctionsCsv(context.get(databaseContext), ownCompletedFunctionFilters(url.searchParams, clientId), {
    timeZone: context.get(envContext).TZ_DISPLAY,
    t: (key) => t(key, { ns: "functions" }),
    channelLabel: (channel) => t(`channels.${channel}`, { ns: "common" }),
    provider: false,
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
