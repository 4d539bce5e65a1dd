import type { Route } from "./+types/privacy-export";
import { portalClientContext } from "~/context.ts";
import { visitorExportResponse } from "~/privacy/visitor-export.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The portal's Export: everything stored about one visitor (`?kind=&q=`) of the session's business, as JSON. */
export function loader({ url, context }: Route.LoaderArgs) {
  return visitorExportResponse(context, context.get(portalClientContext), url.searchParams);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
