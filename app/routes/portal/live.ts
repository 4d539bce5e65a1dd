import type { Route } from "./+types/live";
import { portalClientContext } from "~/context.ts";
import { liveStreamResponse } from "~/live/live-route.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** The portal's live stream (under the portal guard): the business's own events only, whatever the address asks. */
export function loader(args: Route.LoaderArgs) {
  return liveStreamResponse(args, args.context.get(portalClientContext));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
