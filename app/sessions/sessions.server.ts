import { StatementTimeout, withStatementTimeout, type Database } from "#db/connection.ts";
import type { Channel, MessageRole } from "#db/vocabulary.ts";
import type { ExportedMessage, SessionExport, SessionList, SessionSummary, SessionView } from "./session-types.ts";
import { normalizeAddress } from "~/lib/address.ts";
import { maskChannelUserId } from "~/lib/channel.ts";
import { csvDateTime, csvResponse, type CsvColumn } from "~/lib/csv.server.ts";
import {
  findMonitoredSession,
  isSessionActive,
  listSessions,
  summarizeSessions,
  type MonitoredSession,
  type SessionFilter,
} from "~/models/chat-session.server.ts";
import { findClientIdsMatching } from "~/models/client.server.ts";
import { listFunctionsOfSessions } from "~/models/completed-function.server.ts";
import {
  listImagesOfMessages,
  listSessionMessages,
  summarizeSessionMessages,
  type MessageCursor,
} from "~/models/message.server.ts";
import {
  MAX_SEARCH_LENGTH,
  queryOf,
  SEARCH_TIMEOUT_MS,
  searchIsTooLong,
  sessionImagePath,
  sessionPageQuerySchema,
  type SessionQuery,
} from "./session-query.ts";
import { periodStart } from "~/lib/calendar.ts";
import { LOW_RATING } from "~/lib/rating-rules.ts";
import { sessionIdSchema } from "~/lib/ids.ts";

type Completed = Awaited<ReturnType<typeof listFunctionsOfSessions>>[number];

/** LIKE's own wildcards in what the operator typed match themselves. */
const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function viewOf(session: MonitoredSession, completed: Completed | undefined, now: Date): SessionView {
  return {
    sessionId: session.publicId,
    clientId: session.clientId,
    channel: session.channel,
    client: { businessName: session.businessName, licenseKey: session.licenseKey, businessType: session.businessType },
    isActive: isSessionActive(session.lastMessageAt, now),
    messageCount: session.messageCount,
    startedAt: session.startedAt.toISOString(),
    lastMessageAt: session.lastMessageAt.toISOString(),
    // Sessions recorded before addresses were normalized still hold the IPv4-mapped form.
    userIp: session.userIp && normalizeAddress(session.userIp),
    rating: session.rating,
    completedFunction: completed
      ? {
          functionType: completed.functionType,
          clientName: completed.clientDetails.clientName ?? null,
          phone: completed.clientDetails.phone ?? null,
          profitAmount: completed.profitCents / 100,
          completedAt: completed.completedAt.toISOString(),
        }
      : null,
  };
}

/**
 * `ofClient`: one business's own list (its portal): the client is fixed whatever the address says,
 * and a search never matches by business name or license key (every session would).
 */
type ListOptions = { timeZone: string; now?: Date; paged?: boolean; ofClient?: number };

async function filterOf(
  db: Database,
  query: Pick<SessionQuery, "clientId" | "channel" | "period" | "rating" | "search">,
  timeZone: string,
  now: Date,
  matchClients: boolean,
) {
  const pattern = query.search === undefined ? undefined : containsPattern(query.search);
  const activeSince = periodStart(query.period, now, timeZone);
  const matchingClientIds =
    pattern === undefined || !matchClients ? undefined : await findClientIdsMatching(db, pattern);
  return {
    clientId: query.clientId,
    channel: query.channel,
    activeSince,
    activeUntil: now,
    maxRating: query.rating === "low" ? LOW_RATING : undefined,
    pattern,
    matchingClientIds,
  } satisfies SessionFilter;
}

/**
 * GET /api/admin/sessions and the monitor: the figures describe the whole filtered set, the
 * sessions one page of it. A page past the end shows the last page. A search's queries (trigram
 * indexes, whose cost grows with what was typed) run under SEARCH_TIMEOUT_MS on PostgreSQL and
 * throw a StatementTimeout past it.
 */
export function loadSessionList(db: Database, query: SessionQuery, options: ListOptions): Promise<SessionList> {
  if (query.search === undefined) return readSessionList(db, query, options);
  return withStatementTimeout(db, SEARCH_TIMEOUT_MS, (tx) => readSessionList(tx, query, options));
}

/**
 * The clients whose visitors' contact details the list shows: a name or phone of a completed
 * function, or a messaging channel's address (the WhatsApp number, the Telegram chat id).
 */
export const clientsWithContactDetails = (list: SessionList) =>
  list.sessions
    .filter(
      (session) =>
        session.channel !== "web" || Boolean(session.completedFunction?.clientName || session.completedFunction?.phone),
    )
    .map((session) => session.clientId);

const EMPTY_LIST: SessionList = {
  sessions: [],
  totalSessions: 0,
  activeSessions: 0,
  averageMessagesPerSession: 0,
  totalMessages: 0,
  currentPage: 1,
  totalPages: 1,
  hasPreviousPage: false,
  hasNextPage: false,
};

/**
 * The monitor page's list from its URL. A search over MAX_SEARCH_LENGTH is not run: the page
 * shows the list without it and says why, keeping the search's start in the field; a search
 * stopped by its timeout shows an empty list and says so.
 */
export async function loadMonitorList(
  db: Database,
  searchParams: URLSearchParams,
  timeZone: string,
  ofClient?: number,
) {
  const typed = queryOf(searchParams);
  const parsed = sessionPageQuerySchema.parse(typed);
  const query = ofClient === undefined ? parsed : { ...parsed, clientId: ofClient };
  const tooLong = searchIsTooLong(typed);
  const shownSearch = tooLong ? typed.search!.trim().slice(0, MAX_SEARCH_LENGTH) : query.search;
  try {
    const list = await loadSessionList(db, query, { timeZone, ofClient });
    return { query, shownSearch, list, searchProblem: tooLong ? ("tooLong" as const) : undefined };
  } catch (error) {
    if (!(error instanceof StatementTimeout)) throw error;
    return { query, shownSearch, list: EMPTY_LIST, searchProblem: "tooSlow" as const };
  }
}

async function readSessionList(
  db: Database,
  query: SessionQuery,
  { timeZone, now = new Date(), paged = true, ofClient }: ListOptions,
): Promise<SessionList> {
  const filter = await filterOf(
    db,
    ofClient === undefined ? query : { ...query, clientId: ofClient },
    timeZone,
    now,
    ofClient === undefined,
  );
  const summary = await summarizeSessions(db, filter, now);
  const limit = paged ? query.limit : Math.max(summary.sessions, 1);
  const totalPages = Math.max(1, Math.ceil(summary.sessions / limit));
  const currentPage = paged ? Math.min(query.page, totalPages) : 1;
  const rows =
    summary.sessions === 0 ? [] : await listSessions(db, filter, { limit, offset: (currentPage - 1) * limit });
  const functions = await listFunctionsOfSessions(
    db,
    rows.map((row) => row.id),
  );
  const functionOf = new Map<number, Completed>();
  for (const completed of functions)
    if (completed.sessionId !== null && !functionOf.has(completed.sessionId))
      functionOf.set(completed.sessionId, completed);

  return {
    sessions: rows.map((row) => viewOf(row, functionOf.get(row.id), now)),
    totalSessions: summary.sessions,
    activeSessions: summary.active,
    averageMessagesPerSession: summary.sessions === 0 ? 0 : Math.round((summary.messages / summary.sessions) * 10) / 10,
    totalMessages: summary.messages,
    currentPage,
    totalPages,
    hasPreviousPage: currentPage > 1,
    hasNextPage: currentPage < totalPages,
  };
}

/** A session of this client (another client's, or none: undefined), the way both exports and the detail page find it. */
export async function findClientSession(db: Database, clientId: number | undefined, publicId: string) {
  const session = await findMonitoredSession(db, publicId);
  if (!session || (clientId !== undefined && session.clientId !== clientId)) return undefined;
  return session;
}

/**
 * The session a page's address names (`param`, cut to a session id's length): on the back-office's
 * any client's, on a business's portal (`clientId`) its own only; another's, or none, is undefined.
 * The session's client comes from the session itself, never from the address.
 */
export async function sessionNamedIn(db: Database, param: string, clientId?: number) {
  const sessionId = param.slice(0, 200);
  const session = sessionIdSchema.safeParse(sessionId).success
    ? await findClientSession(db, clientId, sessionId)
    : undefined;
  return { sessionId, session };
}

/**
 * What a session page's header says of the session (app/sessions/components/session-facts.tsx):
 * the channel's visitor masked here, so their full number never reaches the browser.
 */
export function sessionFactsOf(session: MonitoredSession) {
  return {
    sessionId: session.publicId,
    channel: session.channel,
    channelUser: session.channelUserId === null ? null : maskChannelUserId(session.channelUserId),
    messageCount: session.messageCount,
    contact: [session.contactDetails.clientName, session.contactDetails.phone].filter(Boolean).join(" · "),
    consentAt: session.consentAt,
    rating: session.rating,
    ratingComment: session.ratingComment,
  };
}
export type SessionFactsView = ReturnType<typeof sessionFactsOf>;

/**
 * A session's summary: duration in seconds from the first message to the last, the number
 * of messages, their cost in dollars, and how many of each type.
 */
export async function summarizeSession(db: Database, session: MonitoredSession): Promise<SessionSummary> {
  const byType = await summarizeSessionMessages(db, session.id);
  const firstAt = Math.min(...byType.map((row) => row.firstAt?.getTime() ?? Infinity));
  const lastAt = Math.max(...byType.map((row) => row.lastAt?.getTime() ?? -Infinity));
  return {
    duration: byType.length === 0 ? 0 : Math.round((lastAt - firstAt) / 1000),
    totalMessages: byType.reduce((sum, row) => sum + row.messages, 0),
    totalCost: byType.reduce((sum, row) => sum + row.costCents, 0) / 100,
    messageTypes: Object.fromEntries(byType.map((row) => [row.messageType, row.messages])),
  };
}

/** The session's messages, oldest first, page after page as long as pages come back full. */
export async function* everySessionMessage(db: Database, sessionId: number, pageSize = 1000) {
  let after: MessageCursor | undefined;
  for (;;) {
    const page = await listSessionMessages(db, sessionId, { limit: pageSize, after });
    yield* page;
    if (page.length < pageSize) return;
    const last = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * Up to `limit` of the session's first messages with their images' descriptions: the detail page and
 * the JSON export. `imagePath` is where the reader's pages serve an image (the back-office's by default).
 */
export async function loadSessionMessages(
  db: Database,
  session: MonitoredSession,
  limit: number,
  imagePath: (sessionId: string, imageId: number) => string = sessionImagePath,
): Promise<ExportedMessage[]> {
  const rows = await listSessionMessages(db, session.id, { limit });
  const images = await listImagesOfMessages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    userMessage: row.userMessage,
    aiResponse: row.aiResponse,
    messageType: row.messageType,
    cost: row.costCents / 100,
    role: row.role,
    operatorName: row.operatorName,
    ...(row.role === "operator"
      ? {
          delivery: {
            channel: session.channel,
            deliveredAt: row.deliveredAt?.toISOString() ?? null,
            failure: row.deliveryFailure,
            error: row.deliveryError,
          },
        }
      : {}),
    images: images
      .filter((image) => image.messageId === row.id)
      .map((image) => ({
        id: image.id,
        name: image.name,
        mime: image.mime,
        size: image.size,
        url: imagePath(session.publicId, image.id),
      })),
  }));
}

/** What `GET /api/admin/export-session/{clientId}/{sessionId}` answers: the session, its messages, its summary. */
export async function exportSession(db: Database, session: MonitoredSession, now = new Date()): Promise<SessionExport> {
  const [messages, summary, functions] = await Promise.all([
    loadSessionMessages(db, session, Number.MAX_SAFE_INTEGER),
    summarizeSession(db, session),
    listFunctionsOfSessions(db, [session.id]),
  ]);
  return { success: true, session: { ...viewOf(session, functions[0], now), messages }, summary };
}

/** The words a session CSV is written in: the page's language. */
export type SessionCsvText = {
  headers: Record<"timestamp" | "role" | "userMessage" | "aiResponse" | "messageType" | "cost" | "channel", string>;
  channel: (channel: Channel) => string;
  role: (role: MessageRole, operatorName: string | null) => string;
  messageType: (type: string) => string;
};

/**
 * The session CSV, streamed a thousand messages at a time (memory stays flat for any length): the
 * columns an export has always had, in their order (timestamp, user message, AI response, type,
 * cost), then who wrote the row and the session's channel. Codes are written as words.
 */
export function sessionCsvResponse(db: Database, session: MonitoredSession, text: SessionCsvText, timeZone: string) {
  const { headers } = text;
  const channel = text.channel(session.channel);
  type Row = Awaited<ReturnType<typeof listSessionMessages>>[number];
  const columns: CsvColumn<Row>[] = [
    { header: headers.timestamp, value: (row) => csvDateTime(row.createdAt, timeZone) },
    { header: headers.userMessage, value: (row) => row.userMessage },
    { header: headers.aiResponse, value: (row) => row.aiResponse },
    { header: headers.messageType, value: (row) => text.messageType(row.messageType) },
    { header: headers.cost, value: (row) => (row.costCents / 100).toFixed(2) },
    { header: headers.role, value: (row) => text.role(row.role, row.operatorName) },
    { header: headers.channel, value: () => channel },
  ];
  const safeId = session.publicId.replace(/[^\w-]/g, "").slice(0, 40);
  return csvResponse({ filename: `session-${safeId}.csv`, columns, rows: everySessionMessage(db, session.id) });
}
