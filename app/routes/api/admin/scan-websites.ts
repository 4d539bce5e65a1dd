import type { Route } from "./+types/scan-websites";
import { requireClient } from "~/clients/clients.server.ts";
import { configText, readConfigBody } from "~/clients/config/api.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { scanRequestSchema } from "~/scanner/scan-request-schema.ts";
import { scanUrls } from "~/scanner/scan.server.ts";
import { jsonAnswer, methodNotAllowed } from "~/server/json-api.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(configText(context), "POST");
}

/**
 * `{urls}` → `{success, error, extractedContent}`, and `results` URL by URL: each URL on
 * its own, so one bad address fails only itself. success: at least one page was scanned.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(configText(context), "POST");
  const client = await requireClient(context, params.clientId);
  const body = await readConfigBody(request, context, scanRequestSchema);
  if (!body.ok) return body.response;
  const t = configText(context);
  const results = await scanUrls(context.get(databaseContext), client.id, body.data.urls, {
    allowHosts: context.get(envContext).SCANNER_ALLOW_HOSTS,
  });
  const scanned = results.filter((result) => result.success);
  return jsonAnswer({
    success: scanned.length > 0,
    error: scanned.length > 0 ? null : t("scan.noneScanned"),
    extractedContent: scanned.flatMap((result) => result.topics),
    results: results.map((result) =>
      result.success
        ? { url: result.url, success: true, topics: result.topics.length }
        : { url: result.url, success: false, error: t(`scan.failure.${result.failure}`, { status: result.status }) },
    ),
  });
}
