import { sql } from "drizzle-orm";
import { chatSessions } from "#db/schema.ts";

/**
 * A session is active while its last message is younger than this (issue 8: "computed when read,
 * no timer needed"). Every reader (the message API, the monitor, the client page) uses this one rule.
 */
export const SESSION_ACTIVE_WINDOW_MS = 30 * 60 * 1000;

/** SQL: whether a session counts as active at `now`. */
export const sessionIsActiveAt = (now: Date) =>
  sql<boolean>`(${chatSessions.lastMessageAt} > ${new Date(now.getTime() - SESSION_ACTIVE_WINDOW_MS).toISOString()}::timestamptz)`;

/** The same rule in JavaScript, for a session already read. */
export const isSessionActive = (lastMessageAt: Date, now: Date) =>
  now.getTime() - lastMessageAt.getTime() < SESSION_ACTIVE_WINDOW_MS;
