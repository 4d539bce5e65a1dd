import { data, type RouterContextProvider } from "react-router";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import { countWaiting, listAssignablePeople, listInbox, type InboxRow } from "~/models/inbox.server.ts";
import { createSharedRead } from "~/server/shared-read.server.ts";
import { shortSessionId } from "~/sessions/session-query.ts";
import { inboxQuerySchema } from "./inbox-query.ts";

/** The last message as a row shows it: enough to know what it is about. */
const PREVIEW_CHARACTERS = 140;

const preview = (text: string | null) => {
  const characters = [...(text ?? "").replace(/\s+/g, " ").trim()];
  return characters.length <= PREVIEW_CHARACTERS
    ? characters.join("")
    : `${characters.slice(0, PREVIEW_CHARACTERS - 1).join("")}…`;
};

/**
 * How long an inbox's read waits for the others of the same view: a live event reloads every open
 * inbox at once, and they then share one read (app/server/shared-read.server.ts).
 */
const GATHER_MS = 20;

/** A conversation as an inbox row shows it. */
const rowOf = (row: InboxRow) => ({
  sessionId: row.publicId,
  shortId: shortSessionId(row.publicId),
  businessName: row.businessName,
  channel: row.channel,
  state: row.state,
  holder: row.holderName,
  visitorName: row.visitorName,
  lastMessage: preview(row.lastMessage),
  lastMessageAt: row.lastMessageAt.toISOString(),
  waitingSince: row.waitingSince?.toISOString() ?? null,
  unread: row.unread,
});

/** The rows, the count waiting and the filters' choices of one view, read (and shaped) once for everyone reloading it. */
const sharedInboxRead = createSharedRead<{
  now: Date;
  rows: ReturnType<typeof rowOf>[];
  waiting: number;
  clients: { id: number; name: string }[];
  people: Awaited<ReturnType<typeof listAssignablePeople>>;
}>(GATHER_MS);

/** Every shell asks the count again on the same live event, as every inbox reloads. */
const sharedWaitingCount = createSharedRead<number>(GATHER_MS);

/**
 * The inbox's data: its rows under the filters, the count of visitors waiting (the tab's title), and
 * the filters' choices. `clientId` is the portal's business (from the session): then the address
 * names no client and the people are the business's own. A filter that does not read is a 400.
 */
export async function loadInbox(context: Readonly<RouterContextProvider>, url: URL, clientId?: number) {
  const db = context.get(databaseContext);
  const me = context.get(operatorContext);
  const t = getTranslator(context);
  const query = inboxQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    const field = String(query.error.issues[0]?.path[0] ?? "");
    throw data(t("errors.filter", { ns: "inbox", field }), { status: 400 });
  }
  const { state, channel, person } = query.data;
  const scope = clientId ?? query.data.clientId;
  const filter = { clientId: scope, state, channel, heldBy: person === "me" ? me.id : person };
  // The portal's and the back-office's views of one business differ in their choices: both in the key.
  const key = JSON.stringify([clientId === undefined ? "team" : "business", filter]);
  const { now, rows, waiting, clients, people } = await sharedInboxRead(key, async () => {
    const now = new Date();
    const [rows, waiting, clients, people] = await Promise.all([
      listInbox(db, filter, now),
      countWaiting(db, scope),
      clientId === undefined ? listClientsForPicker(db) : Promise.resolve([]),
      listAssignablePeople(db, clientId ?? 0, { teamToo: clientId === undefined }),
    ]);
    return {
      now,
      rows: rows.map(rowOf),
      waiting,
      clients: clients.map((client) => ({ id: client.id, name: client.businessName })),
      people,
    };
  });
  return {
    title: t("title", { ns: "inbox" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    now: now.toISOString(),
    waiting,
    filters: { state: state ?? "", channel: channel ?? "", clientId: query.data.clientId ?? "", person: person ?? "" },
    clients,
    people,
    rows,
  };
}

export type InboxData = Awaited<ReturnType<typeof loadInbox>>;

/** How many visitors wait for a person, as the shells' navigation shows it (JSON). */
export async function waitingCountResponse(context: Readonly<RouterContextProvider>, clientId?: number) {
  const db = context.get(databaseContext);
  const waiting = await sharedWaitingCount(String(clientId ?? "all"), () => countWaiting(db, clientId));
  return Response.json({ waiting }, { headers: { "Cache-Control": "private, no-store" } });
}
