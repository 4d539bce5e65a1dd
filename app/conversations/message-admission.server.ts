import type { Database } from "#db/connection.ts";
import { messageCostCents } from "#db/price-list.ts";
import { monthOf, monthRange } from "~/lib/calendar.ts";
import { findClientChatSession } from "~/models/chat-session.server.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import {
  countClientMessagesSince,
  countSessionMessagesSince,
  findMessageByClientMessageId,
  sumClientChargesSince,
} from "~/models/message.server.ts";
import {
  deleteStaleSessionReservations,
  newSessionStanding,
  reserveNewSession,
  withNewSessionLock,
} from "~/models/session-reservation.server.ts";
import { admitUnderRateLimit } from "~/server/rate-limit.server.ts";
import { isClientSite } from "~/sites/site-origins.ts";
import type { VisitorMessage } from "./message-schema.ts";
import { replyOf, type MessageReply } from "./stored-message.server.ts";

/**
 * The message API's limits (docs/decisions/006-conversation-runtime.md): per client address a minute,
 * per session a day, and the client's own monthly cap.
 */
export const MESSAGES_PER_ADDRESS_PER_MINUTE = 30;
export const MESSAGES_PER_SESSION_PER_DAY = 200;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Longer than any turn: a reservation this old was left by a server that stopped mid-turn, and no longer counts. */
const RESERVATION_LIFETIME_MS = 10 * MINUTE;

export type Visitor = { ip: string; userAgent: string | null };

export type Refusal = {
  status: 403 | 404 | 429;
  error:
    | "unknownLicense"
    | "inactiveClient"
    | "siteNotAllowed"
    | "tooManyFromAddress"
    | "tooManyInSession"
    | "tooManySessions"
    | "monthlyCapReached"
    | "monthlyCeilingReached";
  retryAfterSeconds?: number;
};

export type AdmittedClient = NonNullable<Awaited<ReturnType<typeof findClientByLicenseKey>>>;
type KnownSession = NonNullable<Awaited<ReturnType<typeof findClientChatSession>>>;

export type Admission =
  | { kind: "refused"; refusal: Refusal }
  | { kind: "replay"; reply: MessageReply }
  | {
      kind: "admitted";
      client: AdmittedClient;
      session: KnownSession | undefined;
      /** The client's usage charges reached its monthly ceiling: what is still answered is not billed. */
      chargesStopped: boolean;
      /** A new session's reserved place (app/models/session-reservation.server.ts), released once the turn ends. */
      reservation?: number;
    };

/** Where a message came from: the browser's `Origin` (null outside a browser) and this server's own origin. */
export type MessageOrigin = { header: string | null; self: string };

const addressBucket = (ip: string) => `chat-message:${ip}`;

/** The address limit comes first, before the body is read: it protects everything after it. */
export async function admitAddress(db: Database, ip: string, now = new Date()): Promise<Refusal | undefined> {
  const verdict = await admitUnderRateLimit(
    db,
    addressBucket(ip),
    { limit: MESSAGES_PER_ADDRESS_PER_MINUTE, windowMs: MINUTE },
    now,
  );
  if (verdict.limited)
    return { status: 429, error: "tooManyFromAddress", retryAfterSeconds: verdict.retryAfterSeconds };
  return undefined;
}

/**
 * Decides whether a valid message gets an answer, before any AI work: the license must exist and
 * its client be active; a browser must post from our own pages (the chat UI) or one of the client's
 * sites; a clientMessageId already answered gets that same answer back; the session and the client
 * must be within their limits, and a new session within the client's session limits and monthly
 * ceiling. A session id of another client, or an unknown one, starts a new session.
 */
export async function admitMessage(
  db: Database,
  input: VisitorMessage,
  {
    timeZone,
    visitor,
    origin,
    now = new Date(),
  }: { timeZone: string; visitor: Visitor; origin: MessageOrigin; now?: Date },
): Promise<Admission> {
  const client = await findClientByLicenseKey(db, input.license);
  if (!client) return { kind: "refused", refusal: { status: 404, error: "unknownLicense" } };
  if (client.status !== "active") return { kind: "refused", refusal: { status: 403, error: "inactiveClient" } };
  if (
    origin.header !== null &&
    origin.header !== origin.self &&
    !isClientSite(origin.header, client.websiteDomain, client.allowedOrigins)
  ) {
    return { kind: "refused", refusal: { status: 403, error: "siteNotAllowed" } };
  }

  const stored = await findMessageByClientMessageId(db, client.id, input.clientMessageId);
  if (stored) return { kind: "replay", reply: replyOf(stored) };

  const session = input.sessionId ? await findClientChatSession(db, client.id, input.sessionId) : undefined;
  if (
    session &&
    (await countSessionMessagesSince(db, session.id, new Date(now.getTime() - DAY))) >= MESSAGES_PER_SESSION_PER_DAY
  ) {
    return { kind: "refused", refusal: { status: 429, error: "tooManyInSession", retryAfterSeconds: 3600 } };
  }
  if (client.monthlyMessageCap !== null) {
    // The cap's month is the bill's: a calendar month in TZ_DISPLAY.
    const month = monthRange(monthOf(now, timeZone), timeZone);
    if ((await countClientMessagesSince(db, client.id, month.start)) >= client.monthlyMessageCap) {
      return {
        kind: "refused",
        refusal: {
          status: 429,
          error: "monthlyCapReached",
          retryAfterSeconds: Math.ceil((month.end.getTime() - now.getTime()) / 1000),
        },
      };
    }
  }
  // The public demo is never billed: neither its sessions nor a ceiling concern anyone.
  if (client.isDemo) return { kind: "admitted", client, session, chargesStopped: false };
  if (!session) return admitNewSession(db, client, visitor, { timeZone, now });
  // A conversation under way goes on past the ceiling, unbilled.
  let chargesStopped = false;
  if (client.monthlyUsageCeilingCents !== null) {
    const month = monthRange(monthOf(now, timeZone), timeZone);
    chargesStopped = (await sumClientChargesSince(db, client.id, month.start)) >= client.monthlyUsageCeilingCents;
  }
  return { kind: "admitted", client, session, chargesStopped };
}

/**
 * A new session within the client's hourly limits (per visitor: address and browser; per address)
 * and its monthly ceiling (a new one waits for next month, or a higher ceiling), its place reserved
 * in the same step: the sessions admitted and not yet stored count as stored ones, and their first
 * replies as charged, so first messages that arrive at once, on any app server, see each other
 * (docs/decisions/040-new-session-reservations.md).
 */
function admitNewSession(
  db: Database,
  client: AdmittedClient,
  visitor: Visitor,
  { timeZone, now }: { timeZone: string; now: Date },
): Promise<Admission> {
  return withNewSessionLock(db, client.id, async (tx) => {
    const alive = new Date(now.getTime() - RESERVATION_LIFETIME_MS);
    const who = { clientId: client.id, ip: visitor.ip, userAgent: visitor.userAgent };
    const month = monthRange(monthOf(now, timeZone), timeZone);
    const ceiling = client.monthlyUsageCeilingCents;
    // Both leave at once and run in this order on the transaction's connection: the standing counts
    // without the stale reservations.
    const [, standing] = await Promise.all([
      deleteStaleSessionReservations(tx, client.id, alive),
      newSessionStanding(tx, {
        ...who,
        hourAgo: new Date(now.getTime() - HOUR),
        alive,
        monthStart: ceiling === null ? null : month.start,
      }),
    ]);
    if (
      standing.fromVisitor >= client.sessionsPerVisitorPerHour ||
      standing.fromAddress >= client.sessionsPerAddressPerHour
    )
      return { kind: "refused", refusal: { status: 429, error: "tooManySessions", retryAfterSeconds: 3600 } };
    if (ceiling !== null && standing.chargedCents >= ceiling) {
      const retryAfterSeconds = Math.ceil((month.end.getTime() - now.getTime()) / 1000);
      return { kind: "refused", refusal: { status: 429, error: "monthlyCeilingReached", retryAfterSeconds } };
    }
    const reservation = await reserveNewSession(tx, { ...who, cents: messageCostCents("conversation"), now });
    return { kind: "admitted", client, session: undefined, chargesStopped: false, reservation };
  });
}
