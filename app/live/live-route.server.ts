import type { RouterContextProvider } from "react-router";
import { authSessionContext, databaseContext, liveEventsContext } from "~/context.ts";
import { touchLiveAuthSession } from "~/models/inbox.server.ts";
import { apiText, invalidInput, jsonError } from "~/server/json-api.server.ts";
import { untilShutdown } from "~/server/shutdown.server.ts";
import { liveEventStream, liveFilterSchema } from "./live-stream.server.ts";

/**
 * A live stream route's answer (Server-Sent Events), behind a guard that signed the person in: the
 * back-office's hears every client (narrowed by `?clientId=`, `?sessionId=`), a business's portal
 * only its own (`ofClient`, whatever the address asks). Events carry ids; the pages that hear one
 * reload their own data (app/live/live-events.tsx).
 */
export function liveStreamResponse(
  { request, url, context }: { request: Request; url: URL; context: Readonly<RouterContextProvider> },
  ofClient?: number,
) {
  const filter = liveFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!filter.success) return invalidInput(apiText(context), filter.error);
  // Only an EventSource (or a client that asks as one) gets the stream, which never ends: anything
  // else, React Router's `.data` fetch included, would wait on it for ever.
  if (!/\btext\/event-stream\b/.test(request.headers.get("Accept") ?? ""))
    return jsonError(406, apiText(context)("api.eventStreamOnly"));
  const db = context.get(databaseContext);
  const sessionId = context.get(authSessionContext);
  const scoped = ofClient === undefined ? filter.data : { ...filter.data, clientId: ofClient };
  // Each look at the session also says the person is here, with a page open: a visitor who asks
  // for a person is told someone joins now only while someone is (app/conversations/person-request.server.ts).
  const stillSignedIn = () => touchLiveAuthSession(db, sessionId, new Date());
  void stillSignedIn().catch(() => {});
  // It ends when the server begins to stop, too: the person's browser reconnects elsewhere.
  return liveEventStream(context.get(liveEventsContext), scoped, untilShutdown(request.signal), {
    owner: { sessionId, stillSignedIn },
  });
}
