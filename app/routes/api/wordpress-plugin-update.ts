import type { Route } from "./+types/wordpress-plugin-update";
import { databaseContext, envContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";
import { pluginUpdate } from "~/plugin/plugin-api.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The newest plugin version for WordPress's update check (public: the license is public too). */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return pluginUpdate(url.searchParams, {
    db: context.get(databaseContext),
    language: context.get(languageContext),
    ip: context.get(requestInfoContext).ip,
    serverUrl: serverUrlFor(context.get(envContext), request),
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
