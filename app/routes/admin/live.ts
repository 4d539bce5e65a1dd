import type { Route } from "./+types/live";
import { liveStreamResponse } from "~/live/live-route.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The back office's live stream (under the admin guard: operators only), of every client. */
export function loader(args: Route.LoaderArgs) {
  return liveStreamResponse(args);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
