import type { Route } from "./+types/download-plugin";
import { databaseContext, envContext } from "~/context.ts";
import { parsePluginDownloadQuery, pluginDownload, serverUrlFor } from "~/plugin/download.server.ts";
import { apiText, jsonError, notFound, readOnlyRoute } from "~/server/json-api.server.ts";

/** The WordPress plugin for one client (operators only: the API guard checks the session). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const text = apiText(context, "plugin");
  const query = parsePluginDownloadQuery(url.searchParams);
  if (!query.success) return jsonError(400, text("download.missingClient"));
  const download = await pluginDownload(
    context.get(databaseContext),
    query.data,
    serverUrlFor(context.get(envContext), request),
  );
  return download ?? notFound(text, "download.clientNotFound");
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
