import type { Route } from "./+types/client-visitor-export";
import { requireClientForDownload } from "~/clients/clients.server.ts";
import { visitorExportResponse } from "~/privacy/visitor-export.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The Privacy tab's Export: everything stored about one visitor (`?kind=&q=`) as a JSON download, kept in the audit trail. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const client = await requireClientForDownload(context, params.clientId);
  return visitorExportResponse(context, client.id, url.searchParams);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
