import type { Database, LiveEventBus } from "#db/connection.ts";
import { generatePublicSessionId } from "#db/license-key.ts";
import { messageCostCents, PRICE_LIST } from "#db/price-list.ts";
import type { Channel, FunctionClientDetails } from "#db/vocabulary.ts";
import { answerVisitor } from "~/assistant/assistant.server.ts";
import {
  extractContactDetails,
  hasNameAndPhone,
  mergeContactDetails,
  reachableAt,
} from "~/assistant/contact-details.ts";
import { classifyTurn } from "~/assistant/message-type.ts";
import type { ModelSettings } from "~/assistant/model-provider.server.ts";
import type { Language } from "~/i18n/config.ts";
import { leadDeliveriesFor } from "~/leads/lead-delivery.server.ts";
import { LEAD_CONTEXT_MESSAGES } from "~/leads/lead-event.ts";
import { announceStoredMessage, type StoredMessageNews } from "~/live/announce.server.ts";
import { monthOf, monthRange } from "~/lib/calendar.ts";
import {
  countMessageInChatSession,
  findClientChatSession,
  recordChatSessionConsent,
  saveChatSessionContactDetails,
  startChatSession,
  type SessionChannel,
} from "~/models/chat-session.server.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import { isClientSite } from "~/sites/site-origins.ts";
import { recordCompletedFunction } from "~/models/completed-function.server.ts";
import { enqueueLeadDeliveries } from "~/models/lead-delivery.server.ts";
import {
  countClientMessagesSince,
  countSessionMessagesSince,
  findMessageByClientMessageId,
  insertMessageImages,
  insertMessageOnce,
  listRecentSessionExchanges,
  sessionHasConversationMessage,
  sumClientChargesSince,
} from "~/models/message.server.ts";
import {
  deleteStaleSessionReservations,
  newSessionStanding,
  releaseSessionReservation,
  reserveNewSession,
  withNewSessionLock,
} from "~/models/session-reservation.server.ts";
import { apiTextIn } from "~/server/json-api.server.ts";
import { admitUnderRateLimit } from "~/server/rate-limit.server.ts";
import type { ChatReply } from "./chat-contract.ts";
import type { StoredPicture } from "~/pictures/picture-store.server.ts";
import type { VisitorMessage } from "./message-schema.ts";

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
/** How much of the conversation the assistant sees. */
const HISTORY_EXCHANGES = 20;
/** The business type (one of `BUSINESS_TYPES`) whose introductions are party planning consultations. */
const PARTY_PLANNING = "party planning platform";

/** What the API answers for a message, and the last event of a streamed reply (app/conversations/chat-contract.ts). */
export type MessageReply = ChatReply;

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

type AdmittedClient = NonNullable<Awaited<ReturnType<typeof findClientByLicenseKey>>>;
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

/** The texts of a message's answers and refusals in the visitor's language: the conversations namespace, then common's. */
export const messageText = (language: Language) => apiTextIn(language, "conversations");

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
    await deleteStaleSessionReservations(tx, client.id, alive);
    const who = { clientId: client.id, ip: visitor.ip, userAgent: visitor.userAgent };
    const month = monthRange(monthOf(now, timeZone), timeZone);
    const ceiling = client.monthlyUsageCeilingCents;
    const standing = await newSessionStanding(tx, {
      ...who,
      hourAgo: new Date(now.getTime() - HOUR),
      alive,
      monthStart: ceiling === null ? null : month.start,
    });
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

function replyOf(stored: {
  messageId: number;
  sessionPublicId: string;
  reply: string;
  messageType: string;
  costCents: number;
  role: string;
}): MessageReply {
  return {
    sessionId: stored.sessionPublicId,
    messageId: stored.messageId,
    reply: stored.reply,
    messageType: stored.messageType,
    cost: stored.costCents / 100,
    ...(stored.role === "visitor" ? { heldBy: true } : {}),
  };
}

class AlreadyAnswered extends Error {}

/** A message's pictures as it keeps them: their files, never their bytes. */
const pictureRows = (pictures: StoredPicture[], message: { messageId: number; clientId: number; createdAt: Date }) =>
  pictures.map((picture) => ({
    ...message,
    name: picture.name,
    mime: picture.mime,
    size: picture.size,
    filePath: picture.file,
  }));

export type ReplyJob = {
  admission: Extract<Admission, { kind: "admitted" }>;
  input: VisitorMessage;
  /** The message's pictures, already written to the pictures folder: the message refers to their files. */
  images: StoredPicture[];
  visitor: Visitor;
  requestLanguage: Language;
  modelSettings: ModelSettings | undefined;
  /** The zone of the businesses' opening hours (TZ_DISPLAY). */
  timeZone: string;
  /** What the assistant adds, in the visitor's language, when it may not keep the details they gave. */
  consentNeeded: string;
  /** SMTP_URL is set: a lead is also queued as an e-mail to the business. */
  mailEnabled: boolean;
  onDelta: (text: string) => void;
  /** Whether the visitor is still there to get the answer (the request was not abandoned). */
  visitorWaiting: () => boolean;
  /** A messaging channel's user (app/channels/): a new session is theirs on that channel. */
  channel?: SessionChannel;
  /** Where the back office hears of the stored message, once it is committed. */
  liveEvents: LiveEventBus;
  /** When the visitor's message reached the server (ms since the epoch). */
  receivedAt: number;
  /** Where a lead's link to the conversation points: PUBLIC_URL's origin, else the one the message reached. */
  backOfficeOrigin: string;
};

/**
 * Asks the assistant, then stores everything in one transaction: the session (new or continued),
 * the message with its type, cost and response time, its images, the contact details and, once a
 * name and a phone are known, the session's completed function; a new lead or function is queued
 * for the business (e-mail, webhook), sent later by the delivery worker. Two requests with the same
 * clientMessageId racing each other store one message; the second answers with the first's reply.
 * A client that asks consent (the default) gets the visitor's details (on the session, in a completed
 * function, in a lead) only once the visitor agreed in the widget; until then the reply asks for it.
 */
export async function replyToMessage(db: Database, job: ReplyJob): Promise<MessageReply> {
  const { reservation } = job.admission;
  try {
    return await answerAndStore(db, job);
  } catch (error) {
    // The turn failed: its new session's place goes back (a stored one released it in its transaction).
    if (reservation !== undefined) await releaseSessionReservation(db, reservation);
    throw error;
  }
}

async function answerAndStore(db: Database, job: ReplyJob): Promise<MessageReply> {
  const { client, session, chargesStopped, reservation } = job.admission;
  const started = performance.now();
  const history = session ? await listRecentSessionExchanges(db, session.id, HISTORY_EXCHANGES) : [];
  const knownDetails: FunctionClientDetails = session?.contactDetails ?? {};
  const answer = await answerVisitor(db, job.modelSettings, {
    client,
    message: job.input.message,
    imageCount: job.images.length,
    requestLanguage: job.requestLanguage,
    history,
    knownDetails,
    onDelta: job.onDelta,
    clock: { now: new Date(), timeZone: job.timeZone },
  });
  const responseMs = Math.round(performance.now() - started);
  const now = new Date();
  const consented = !client.askConsent || Boolean(session?.consentAt) || job.input.consent === true;
  const withheld = !consented && answer.contactCollected;
  // Instead of a thank-you for details it may not keep, the assistant asks for the consent.
  const reply = withheld ? job.consentNeeded : answer.reply;

  // What the back office hears once the transaction commits: filled in as things are stored.
  const news: StoredMessageNews = { newSession: false, newLead: false };
  try {
    const stored = await db.transaction(async (tx) => {
      let sessionId: number;
      let publicId: string;
      if (session) {
        await countMessageInChatSession(tx, session.id, now);
        sessionId = session.id;
        publicId = session.publicId;
      } else {
        publicId = generatePublicSessionId();
        sessionId = await startChatSession(tx, {
          publicId,
          clientId: client.id,
          userIp: job.visitor.ip,
          userAgent: job.visitor.userAgent,
          now,
          channel: job.channel,
        });
        // The stored session takes its reservation's place in the limits' counts, in the same step.
        if (reservation !== undefined) await releaseSessionReservation(tx, reservation);
        news.newSession = true;
      }

      const messageType = classifyTurn({
        providerFailed: answer.providerFailed,
        visitorGone: !job.visitorWaiting(),
        // A session started in this transaction has no message yet: no need to ask.
        firstReplyOfSession: news.newSession || !(await sessionHasConversationMessage(tx, sessionId)),
        imageCount: job.images.length,
        contactCollected: answer.contactCollected && consented,
        deliverable: answer.deliverable,
      });
      // The public demo's messages cost nothing: nobody is billed for them, no usage counts them.
      const costCents = chargesStopped || client.isDemo ? 0 : messageCostCents(messageType);
      const messageId = await insertMessageOnce(tx, {
        sessionId,
        clientId: client.id,
        clientMessageId: job.input.clientMessageId,
        userMessage: job.input.message,
        aiResponse: reply,
        messageType,
        costCents,
        responseMs,
        createdAt: now,
      });
      if (messageId === undefined) throw new AlreadyAnswered();

      await insertMessageImages(tx, pictureRows(job.images, { messageId, clientId: client.id, createdAt: now }));
      if (job.input.consent && !session?.consentAt) await recordChatSessionConsent(tx, sessionId, now);
      if (!consented) return { sessionId: publicId, messageId, reply, messageType, cost: costCents / 100 };
      news.newLead = await keepVisitorDetails(tx, {
        client,
        mailEnabled: job.mailEnabled,
        backOfficeOrigin: job.backOfficeOrigin,
        session: { id: sessionId, publicId },
        known: knownDetails,
        details: answer.details,
        now,
      });
      return { sessionId: publicId, messageId, reply, messageType, cost: costCents / 100 };
    });
    announceStoredMessage(
      job.liveEvents,
      {
        clientId: client.id,
        isDemo: client.isDemo,
        receivedAt: job.receivedAt,
        channel: job.channel?.channel,
        ...news,
      },
      stored,
    );
    return stored;
  } catch (error) {
    if (!(error instanceof AlreadyAnswered)) throw error;
    // The same message's other request stored the session: this one's place goes back.
    if (reservation !== undefined) await releaseSessionReservation(db, reservation);
    const stored = await findMessageByClientMessageId(db, client.id, job.input.clientMessageId);
    if (!stored) throw error;
    return replyOf(stored);
  }
}

/**
 * Keeps what the visitor told about themselves (consent already checked): on the session, and once a
 * name and a phone are known as the session's completed function; a new lead or function is queued
 * for the business. Both Alex's answers and the messages of a session a person holds come here.
 */
async function keepVisitorDetails(
  tx: Database,
  {
    client,
    mailEnabled,
    backOfficeOrigin,
    session,
    known,
    details,
    now,
  }: {
    client: AdmittedClient;
    mailEnabled: boolean;
    backOfficeOrigin: string;
    session: { id: number; publicId: string };
    known: FunctionClientDetails;
    details: FunctionClientDetails;
    now: Date;
  },
) {
  if (JSON.stringify(details) !== JSON.stringify(known)) await saveChatSessionContactDetails(tx, session.id, details);
  // The lead carries what the visitor asked: this message (stored above) and the few before it.
  const lead = async () => ({
    client,
    mailEnabled,
    session,
    now,
    backOfficeOrigin,
    recent: await listRecentSessionExchanges(tx, session.id, LEAD_CONTEXT_MESSAGES),
  });
  if (hasNameAndPhone(details)) {
    const partyPlanning = client.businessType === PARTY_PLANNING;
    const { clientName, phone, ...party } = details;
    const functionType = partyPlanning ? "party_planning_consultation_complete" : "client_introduction_complete";
    const clientDetails = partyPlanning ? { clientName, phone, ...party } : { clientName, phone };
    await recordCompletedFunction(tx, {
      clientId: client.id,
      sessionId: session.id,
      functionType,
      clientDetails,
      profitCents: client.isDemo ? 0 : PRICE_LIST.perCompletedFunctionCents,
      now,
    });
    if (!hasNameAndPhone(known)) {
      await enqueueLeadDeliveries(
        tx,
        leadDeliveriesFor({ ...(await lead()), type: "function.completed", contact: clientDetails, functionType }),
      );
    }
    return true;
  }
  // A first way back (a phone number, or an e-mail address alone) makes the lead.
  if (reachableAt(details) && !reachableAt(known)) {
    await enqueueLeadDeliveries(tx, leadDeliveriesFor({ ...(await lead()), type: "lead.collected", contact: details }));
    return true;
  }
  return false;
}

export type HeldMessageJob = Pick<
  ReplyJob,
  "admission" | "input" | "images" | "mailEnabled" | "liveEvents" | "receivedAt" | "backOfficeOrigin"
> & {
  channel?: Channel;
};

/**
 * A visitor's message while a person holds the session (docs/decisions/027-take-over.md): Alex does
 * not answer, so nothing is asked of the model and nothing is billed. The message is stored as the
 * visitor's alone (role `visitor`, no reply, cost 0) with its images, under the same clientMessageId
 * rule, and the details it gives are kept as Alex would keep them, if the visitor consented.
 */
export async function recordHeldMessage(db: Database, job: HeldMessageJob): Promise<MessageReply> {
  const { client, session } = job.admission;
  if (!session) throw new Error("Only a session someone holds can get a held message");
  const now = new Date();
  const consented = !client.askConsent || Boolean(session.consentAt) || job.input.consent === true;
  const known: FunctionClientDetails = session.contactDetails ?? {};
  const news: StoredMessageNews = { newSession: false, newLead: false };
  try {
    const stored = await db.transaction(async (tx) => {
      await countMessageInChatSession(tx, session.id, now);
      const messageId = await insertMessageOnce(tx, {
        sessionId: session.id,
        clientId: client.id,
        clientMessageId: job.input.clientMessageId,
        userMessage: job.input.message,
        aiResponse: "",
        role: "visitor",
        messageType: "general",
        costCents: 0,
        responseMs: 0,
        createdAt: now,
      });
      if (messageId === undefined) throw new AlreadyAnswered();
      await insertMessageImages(tx, pictureRows(job.images, { messageId, clientId: client.id, createdAt: now }));
      if (job.input.consent && !session.consentAt) await recordChatSessionConsent(tx, session.id, now);
      if (consented) {
        const details = mergeContactDetails(known, extractContactDetails(job.input.message));
        news.newLead = await keepVisitorDetails(tx, {
          client,
          mailEnabled: job.mailEnabled,
          backOfficeOrigin: job.backOfficeOrigin,
          session: { id: session.id, publicId: session.publicId },
          known,
          details,
          now,
        });
      }
      return {
        sessionId: session.publicId,
        messageId,
        reply: "",
        messageType: "general",
        cost: 0,
        heldBy: true as const,
      };
    });
    announceStoredMessage(
      job.liveEvents,
      {
        clientId: client.id,
        isDemo: client.isDemo,
        receivedAt: job.receivedAt,
        channel: job.channel,
        role: "visitor",
        ...news,
      },
      stored,
    );
    return stored;
  } catch (error) {
    if (!(error instanceof AlreadyAnswered)) throw error;
    const stored = await findMessageByClientMessageId(db, client.id, job.input.clientMessageId);
    if (!stored) throw error;
    return replyOf(stored);
  }
}
