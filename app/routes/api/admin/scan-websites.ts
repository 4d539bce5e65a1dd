import type { Route } from "./+types/scan-websites";
import { NO_STORE, clientFromPath, configTranslator, methodNotAllowed, readValidBody } from "~/clients/config/api.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { scanRequestSchema } from "~/scanner/scan-request-schema.ts";
import { scanUrls } from "~/scanner/scan.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, "POST");
}

/**
 * `{urls}` → `{success, error, extractedContent}`, and `results` URL by URL: each URL on
 * its own, so one bad address fails only itself. success: at least one page was scanned.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, "POST");
  const client = await clientFromPath(context, params.clientId);
  if (client instanceof Response) return client;
  const body = await readValidBody(request, context, scanRequestSchema);
  if (!body.ok) return body.response;
  const t = configTranslator(context);
  const results = await scanUrls(context.get(databaseContext), client.id, body.data.urls, {
    allowHosts: context.get(envContext).SCANNER_ALLOW_HOSTS,
  });
  const scanned = results.filter((result) => result.success);
  return Response.json(
    {
      success: scanned.length > 0,
      error: scanned.length > 0 ? null : t("scan.noneScanned"),
      extractedContent: scanned.flatMap((result) => result.topics),
      results: results.map((result) =>
        result.success
          ? { url: result.url, success: true, topics: result.topics.length }
          : { url: result.url, success: false, error: t(`scan.failure.${result.failure}`, { status: result.status }) },
      ),
    },
    { headers: NO_STORE },
  );
}
