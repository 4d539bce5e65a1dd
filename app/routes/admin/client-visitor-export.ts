import type { Route } from "./+types/client-visitor-export";
import { findClientByRawId } from "~/clients/clients.server.ts";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { plainTextResponse, visitorExportResponse } from "~/privacy/visitor-export.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The Privacy tab's Export: everything stored about one visitor (`?kind=&q=`) as a JSON download, kept in the audit trail. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const client = await findClientByRawId(context.get(databaseContext), params.clientId);
  if (!client) return plainTextResponse(getTranslator(context)("detail.notFound", { ns: "clients" }), 404);
  return visitorExportResponse(context, client.id, url.searchParams);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
