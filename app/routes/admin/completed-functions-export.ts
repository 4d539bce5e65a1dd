import type { Route } from "./+types/completed-functions-export";
import { parseCompletedFunctionFilters } from "~/conversations/completed-function-filters.ts";
import { completedFunctionsCsv } from "~/conversations/completed-functions.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The completed functions page's list as CSV, with the same filters. */
export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const filters = parseCompletedFunctionFilters(url.searchParams);
  recordAccess(context, { action: "export_completed_functions", clientId: filters.clientId });
  return completedFunctionsCsv(context.get(databaseContext), filters, {
    timeZone: context.get(envContext).TZ_DISPLAY,
    t: (key) => t(key, { ns: "functions" }),
    channelLabel: (channel) => t(`channels.${channel}`, { ns: "common" }),
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
