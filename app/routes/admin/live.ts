import type { Route } from "./+types/live";
import { liveEventsContext } from "~/context.ts";
import { liveEventStream, liveFilterSchema } from "~/live/live-stream.server.ts";
import { apiText, invalidInput, readOnlyRoute } from "~/server/json-api.server.ts";

/**
 * The back office's live stream (under the admin guard: operators only). Events carry ids; the pages
 * that hear one reload their own data (app/live/use-live-events.ts).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const filter = liveFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!filter.success) return invalidInput(apiText(context), filter.error);
  return liveEventStream(context.get(liveEventsContext), filter.data, request.signal);
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
