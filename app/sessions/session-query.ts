import { z } from "zod";
import type { NamedPeriod } from "~/lib/calendar.ts";
import { channelFilter } from "~/lib/channel.ts";
import { singleLineText } from "~/lib/text.ts";

/** The monitor filters by these periods of app/lib/calendar.ts (a week from Sunday); default week; page size 10. */
export const SESSION_PERIODS = ["today", "week", "month", "all"] as const satisfies readonly NamedPeriod[];
export type SessionPeriod = (typeof SESSION_PERIODS)[number];
export const DEFAULT_PERIOD: SessionPeriod = "week";
export const SESSIONS_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** A longer search finds nothing a shorter part would not, and an 8,000-character one kept the trigram search busy for a minute. */
export const MAX_SEARCH_LENGTH = 100;
/** The searched list's queries stop here on PostgreSQL (statement_timeout); the page and the API then say so. */
export const SEARCH_TIMEOUT_MS = 3000;
/** Far past any real page; keeps OFFSET (and the work it costs) bounded. */
export const MAX_PAGE = 100_000;

/** Absent, empty and "all" all mean every client. */
const clientId = z.preprocess(
  (value) => (value === "" || value === "all" || value === null ? undefined : value),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);
const period = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(SESSION_PERIODS).default(DEFAULT_PERIOD),
);
/** "low": only the conversations their visitor rated 1 or 2. */
export const RATING_FILTERS = ["low"] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];
const rating = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(RATING_FILTERS).optional(),
);
const search = z.preprocess(
  (value) => (value === null ? undefined : value),
  singleLineText()
    .trim()
    .max(MAX_SEARCH_LENGTH, "errors.searchTooLong")
    .optional()
    .transform((value) => value || undefined),
);
const positive = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number().int().min(1).max(max).default(fallback),
  );

const fields = {
  clientId,
  channel: channelFilter,
  period,
  rating,
  search,
  page: positive(1, MAX_PAGE),
  limit: positive(SESSIONS_PAGE_SIZE, MAX_PAGE_SIZE),
};

/** The sessions API's query (GET /api/admin/sessions): anything off is a 400 naming the parameter. */
export const sessionQuerySchema = z.object(fields);
export type SessionQuery = z.infer<typeof sessionQuerySchema>;

/** The monitor page's URL: the same parameters, but a bad one falls back to its default (a hand-edited link still opens). */
export const sessionPageQuerySchema = z.object({
  clientId: fields.clientId.catch(undefined),
  channel: fields.channel.catch(undefined),
  period: fields.period.catch(DEFAULT_PERIOD),
  rating: fields.rating.catch(undefined),
  search: fields.search.catch(undefined),
  page: fields.page.catch(1),
  limit: z.literal(SESSIONS_PAGE_SIZE).default(SESSIONS_PAGE_SIZE).catch(SESSIONS_PAGE_SIZE),
});

/** The monitor's search as typed was over MAX_SEARCH_LENGTH: the page says so instead of searching. */
export const searchIsTooLong = (query: Record<string, string>) =>
  sessionQuerySchema.shape.search.safeParse(query.search).error?.issues[0]?.message === "errors.searchTooLong";

/** The search parameters as an object zod can read; a repeated parameter keeps its first value. */
export function queryOf(searchParams: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of searchParams) query[key] ??= value;
  return query;
}

/** A message's image as the monitor serves it: to operators only, through an admin route. */
export const sessionImagePath = (sessionId: string, imageId: number) =>
  `/admin/session/${encodeURIComponent(sessionId)}/images/${imageId}`;

export const sessionExportPath = (clientId: number, sessionId: string, format?: "csv") =>
  `/api/admin/export-session/${clientId}/${encodeURIComponent(sessionId)}${format ? `?format=${format}` : ""}`;

export const sessionDetailPath = (sessionId: string) => `/admin/session/${encodeURIComponent(sessionId)}`;

/** A long session ID is shown cut at 20 characters. */
export const SHOWN_ID_LENGTH = 20;
export const shortSessionId = (sessionId: string) =>
  sessionId.length > SHOWN_ID_LENGTH ? `${sessionId.slice(0, SHOWN_ID_LENGTH)}…` : sessionId;
