import type { Route } from "./+types/live";
import { isAuthSessionLive } from "~/auth/session.server.ts";
import { authSessionContext, databaseContext, liveEventsContext } from "~/context.ts";
import { liveEventStream, liveFilterSchema } from "~/live/live-stream.server.ts";
import { apiText, invalidInput, jsonError, readOnlyRoute } from "~/server/json-api.server.ts";
import { untilShutdown } from "~/server/shutdown.server.ts";

/**
 * The back office's live stream (under the admin guard: operators only). Events carry ids; the pages
 * that hear one reload their own data (app/live/live-events.tsx).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const filter = liveFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!filter.success) return invalidInput(apiText(context), filter.error);
  // Only an EventSource (or a client that asks as one) gets the stream, which never ends: anything
  // else, React Router's `.data` fetch included, would wait on it for ever.
  if (!/\btext\/event-stream\b/.test(request.headers.get("Accept") ?? ""))
    return jsonError(406, apiText(context)("api.eventStreamOnly"));
  const db = context.get(databaseContext);
  const sessionId = context.get(authSessionContext);
  // It ends when the server begins to stop, too: the operator's browser reconnects elsewhere.
  return liveEventStream(context.get(liveEventsContext), filter.data, untilShutdown(request.signal), {
    owner: { sessionId, stillSignedIn: () => isAuthSessionLive(db, sessionId) },
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
