import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Database } from "#db/connection.ts";
import type { AccessAction } from "#db/vocabulary.ts";
import { databaseContext, operatorContext, requestInfoContext } from "~/context.ts";
import {
  countClientAccessLog,
  insertAccessLogEntry,
  insertAccessLogEntryUnlessSince,
  listClientAccessLog,
} from "~/models/access-log.server.ts";
import { logError } from "~/server/log.server.ts";

/** How long access-log rows are kept, in months: the data-security regulations' 24. */
export const ACCESS_LOG_RETENTION_MONTHS = 24;

/** The oldest moment still kept at `now`. */
export function accessLogCutoff(now: Date) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACCESS_LOG_RETENTION_MONTHS);
  return cutoff;
}

export type AccessRecord = { action: AccessAction; clientId?: number | null; sessionId?: string | null };
type Actor = { operator: { id: number; username: string }; address: string };

/**
 * A look repeated within this long is one look: a live page reloads itself on every event (a session
 * page during a take-over, the monitor), and a row per reload would bury the log. Exports and
 * erasures are each recorded.
 */
export const VIEW_REPEAT_MS = 5 * 60 * 1000;
const isView = (action: AccessAction) => action.startsWith("view_");

/**
 * Writes one access-log row without holding up the page it records: the insert runs on its own, and
 * a failure (even a synchronous one) is only logged. A view the same operator already logged for the
 * same client and session within VIEW_REPEAT_MS writes nothing. Answers the pending write, for tests to await.
 */
export function recordAccessWith(db: Database, actor: Actor, record: AccessRecord, now = new Date()): Promise<void> {
  const entry = {
    operatorId: actor.operator.id,
    operatorName: actor.operator.username,
    address: actor.address,
    action: record.action,
    clientId: record.clientId ?? null,
    sessionId: record.sessionId ?? null,
  };
  return Promise.resolve()
    .then(() =>
      isView(record.action)
        ? insertAccessLogEntryUnlessSince(db, entry, new Date(now.getTime() - VIEW_REPEAT_MS))
        : insertAccessLogEntry(db, entry),
    )
    .catch((error: unknown) => logError(error, { event: "access_log_failed", action: record.action }));
}

/** The request's operator and address, from the router context the admin and API guards set. */
export function recordAccess(context: Readonly<RouterContextProvider>, record: AccessRecord) {
  try {
    void recordAccessWith(
      context.get(databaseContext),
      { operator: context.get(operatorContext), address: context.get(requestInfoContext).ip },
      record,
    );
  } catch (error) {
    logError(error, { event: "access_log_failed", action: record.action });
  }
}

/**
 * A list that showed visitors' contact details (names, phones, a messaging channel's number): one row
 * per client whose visitors it showed, so each client's Access log tab has it. A list without any writes nothing.
 */
export function recordListAccess(
  context: Readonly<RouterContextProvider>,
  action: AccessAction,
  clientIds: Iterable<number | null>,
) {
  for (const clientId of new Set(clientIds)) recordAccess(context, { action, clientId });
}

/** The client page's Access log tab shows this many rows a page. */
export const ACCESS_LOG_PAGE_SIZE = 25;

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** One page of a client's access log, newest first; a page number that is not one, or past the end, reads as the nearest page. */
export async function loadAccessLogTab(db: Database, clientId: number, requestedPage: string | null) {
  const total = await countClientAccessLog(db, clientId);
  const pageCount = Math.max(1, Math.ceil(total / ACCESS_LOG_PAGE_SIZE));
  const page = Math.min(pageSchema.parse(requestedPage ?? undefined), pageCount);
  const rows = await listClientAccessLog(db, clientId, {
    limit: ACCESS_LOG_PAGE_SIZE,
    offset: (page - 1) * ACCESS_LOG_PAGE_SIZE,
  });
  return {
    page,
    pageCount,
    total,
    rows: rows.map(({ id, operatorName, action, sessionId, address, createdAt }) => ({
      id,
      operatorName,
      action,
      sessionId,
      address,
      createdAt,
    })),
  };
}
export type AccessLogTab = Awaited<ReturnType<typeof loadAccessLogTab>>;
