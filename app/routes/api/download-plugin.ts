import type { Route } from "./+types/download-plugin";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { parsePluginDownloadQuery, pluginDownload, serverUrlFor } from "~/plugin/download.server.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The WordPress plugin for one client (operators only: the API guard checks the session). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const query = parsePluginDownloadQuery(url.searchParams);
  if (!query.success) {
    return Response.json({ error: t("download.missingClient", { ns: "plugin" }) }, { status: 400, headers: NO_STORE });
  }
  const download = await pluginDownload(context.get(databaseContext), query.data, serverUrlFor(context.get(envContext), request));
  return download ?? Response.json({ error: t("download.clientNotFound", { ns: "plugin" }) }, { status: 404, headers: NO_STORE });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
