import type { Route } from "./+types/completed-functions-export";
import { parseCompletedFunctionFilters } from "~/conversations/completed-function-filters.ts";
import { completedFunctionsCsv } from "~/conversations/completed-functions.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The completed functions page's list as CSV, with the same filters. */
export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  return completedFunctionsCsv(context.get(databaseContext), parseCompletedFunctionFilters(url.searchParams), {
    timeZone: context.get(envContext).TZ_DISPLAY,
    t: (key) => t(key, { ns: "functions" }),
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
