import type { Route } from "./+types/session-image";
import { sessionImageResponse } from "~/sessions/session-image.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** A visitor's uploaded image, for operators only (under the admin guard), of any client's session. */
export function loader({ params, context }: Route.LoaderArgs) {
  return sessionImageResponse(context, params);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
