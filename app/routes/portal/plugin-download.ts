import type { Route } from "./+types/plugin-download";
import { databaseContext, envContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { pluginDownload, serverUrlFor } from "~/plugin/download.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The business's own plugin ZIP (its owner only): the back-office's builder, for the session's business alone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await pluginDownload(
    context.get(databaseContext),
    { clientId: context.get(portalClientContext) },
    serverUrlFor(context.get(envContext), request),
  );
  if (response) return response;
  // The business was deleted while its person was signed in.
  return new Response(getTranslator(context)("download.clientNotFound", { ns: "plugin" }), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
