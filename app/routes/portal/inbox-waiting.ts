import type { Route } from "./+types/inbox-waiting";
import { portalClientContext } from "~/context.ts";
import { waitingCountResponse } from "~/handoff/inbox.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** How many of the business's visitors wait for a person: the portal shell's navigation count (JSON). */
export function loader({ context }: Route.LoaderArgs) {
  return waitingCountResponse(context, context.get(portalClientContext));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
