import type { Route } from "./+types/wordpress-site-status";
import { databaseContext, envContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";
import { siteStatus } from "~/plugin/plugin-api.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** Whether a site is on its client's list: the plugin's settings page asks (public, rate limited). */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return siteStatus(url.searchParams, {
    db: context.get(databaseContext),
    language: context.get(languageContext),
    ip: context.get(requestInfoContext).ip,
    serverUrl: serverUrlFor(context.get(envContext), request),
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
