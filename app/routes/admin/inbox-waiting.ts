import type { Route } from "./+types/inbox-waiting";
import { waitingCountResponse } from "~/handoff/inbox.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** How many visitors of every client wait for a person: the shell's navigation count (JSON). */
export function loader({ context }: Route.LoaderArgs) {
  return waitingCountResponse(context);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
