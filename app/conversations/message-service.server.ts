import type { Database, LiveEventBus } from "#db/connection.ts";
import { generatePublicSessionId } from "#db/license-key.ts";
import { messageCostCents } from "#db/price-list.ts";
import type { FunctionClientDetails } from "#db/vocabulary.ts";
import { answerVisitor } from "~/assistant/assistant.server.ts";
import { classifyTurn } from "~/assistant/message-type.ts";
import type { ModelSettings } from "~/assistant/model-provider.server.ts";
import { asksForAPerson } from "~/lib/person-request.ts";
import { answerPersonRequest, startWaitingForPerson } from "~/conversations/person-request.server.ts";
import { recordGap } from "~/gaps/gaps.server.ts";
import type { Language } from "~/i18n/config.ts";
import { announceStoredMessage, type StoredMessageNews } from "~/live/announce.server.ts";
import {
  countMessageInChatSession,
  recordChatSessionConsent,
  startChatSession,
  type SessionChannel,
} from "~/models/chat-session.server.ts";
import { recordHandoff } from "~/models/handoff.server.ts";
import { reopenSession } from "~/models/inbox.server.ts";
import { listRecentSessionExchanges, sessionHasConversationMessage } from "~/models/message.server.ts";
import { LEAD_CONTEXT_MESSAGES } from "~/leads/lead-event.ts";
import { releaseSessionReservation } from "~/models/session-reservation.server.ts";
import type { StoredPicture } from "~/pictures/picture-store.server.ts";
import type { Admission, Visitor } from "./message-admission.server.ts";
import type { VisitorMessage } from "./message-schema.ts";
import { AlreadyAnswered, replyOfFirstRequest, storeMessageOnce, type MessageReply } from "./stored-message.server.ts";
import { consentGiven, keepVisitorDetails } from "./visitor-details.server.ts";

/*
 * A visitor's message, once admitted (message-admission.server.ts: its address, then its license,
 * site and limits), gets Alex's answer here: the assistant answers, then the turn is stored in one
 * transaction and the back office hears of it. The parts: the message stored once per
 * clientMessageId (stored-message.server.ts), the visitor's details and leads
 * (visitor-details.server.ts); while a person holds the session, held-message.server.ts keeps the
 * message without an answer.
 */

/** How much of the conversation the assistant sees. */
const HISTORY_EXCHANGES = 20;

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
  // The public demo has nobody behind it: Alex answers a request for a person there as any message.
  const personAsked = !client.isDemo && asksForAPerson(job.input.message);
  const answer = personAsked
    ? await answerPersonRequest(db, {
        client,
        message: job.input.message,
        requestLanguage: job.requestLanguage,
        previousMessage: history.at(-1)?.userMessage,
        knownDetails,
        now: new Date(),
        timeZone: job.timeZone,
      })
    : await answerVisitor(db, job.modelSettings, {
        client,
        knowledgeRevision: client.knowledgeRevision,
        message: job.input.message,
        imageCount: job.images.length,
        requestLanguage: job.requestLanguage,
        history,
        knownDetails,
        onDelta: job.onDelta,
        clock: { now: new Date(), timeZone: job.timeZone },
      });
  if (personAsked) job.onDelta(answer.reply);
  const responseMs = Math.round(performance.now() - started);
  const now = new Date();
  const consented = consentGiven(client, session, job.input);
  const withheld = !consented && answer.contactCollected;
  // Instead of a thank-you for details it may not keep, the assistant asks for the consent.
  const reply = withheld ? job.consentNeeded : answer.reply;

  // What the back office hears once the transaction commits: filled in as things are stored.
  const news: StoredMessageNews = { newSession: false, newLead: false };
  try {
    const stored = await db.transaction(async (tx) => {
      const { id: sessionId, publicId, started: newSession } = await sessionOfTurn(tx, job, now);
      news.newSession = newSession;
      // A visitor's message reopens a conversation a person closed: it is back in the inbox.
      if (session?.closedAt && (await reopenSession(tx, sessionId))) {
        await recordHandoff(tx, { sessionId, operatorId: null, operatorName: "", action: "reopen", at: now });
        news.state = "alex";
      }
      const messageType = classifyTurn({
        providerFailed: answer.providerFailed,
        visitorGone: !job.visitorWaiting(),
        // A session started in this transaction has no message yet: no need to ask.
        firstReplyOfSession: newSession || !(await sessionHasConversationMessage(tx, sessionId)),
        imageCount: job.images.length,
        contactCollected: answer.contactCollected && consented,
        deliverable: answer.deliverable,
      });
      // The public demo's messages cost nothing: nobody is billed for them, no usage counts them.
      const costCents = chargesStopped || client.isDemo ? 0 : messageCostCents(messageType);
      const messageId = await storeMessageOnce(
        tx,
        {
          sessionId,
          clientId: client.id,
          clientMessageId: job.input.clientMessageId,
          userMessage: job.input.message,
          aiResponse: reply,
          messageType,
          costCents,
          responseMs,
          createdAt: now,
          sources: answer.sources,
          // The built-in responder, a person request and a failed model turn cost no tokens: null.
          promptTokens: answer.tokens?.promptTokens ?? null,
          replyTokens: answer.tokens?.replyTokens ?? null,
          tokensCountedBy: answer.tokens?.countedBy ?? null,
        },
        job.images,
      );
      if (answer.unanswered) {
        await recordGap(tx, {
          clientId: client.id,
          sessionId,
          messageId,
          question: job.input.message,
          kind: "no_answer",
        });
      }
      if (job.input.consent && !session?.consentAt) await recordChatSessionConsent(tx, sessionId, now);
      if (consented) {
        news.newLead = await keepVisitorDetails(tx, {
          client,
          mailEnabled: job.mailEnabled,
          backOfficeOrigin: job.backOfficeOrigin,
          session: { id: sessionId, publicId },
          known: knownDetails,
          details: answer.details,
          now,
        });
      }
      if (
        personAsked &&
        (await startWaitingForPerson(tx, {
          client,
          session: { id: sessionId, publicId },
          mailEnabled: job.mailEnabled,
          backOfficeOrigin: job.backOfficeOrigin,
          contact: consented ? answer.details : {},
          recent: await listRecentSessionExchanges(tx, sessionId, LEAD_CONTEXT_MESSAGES),
          now,
        }))
      )
        news.state = "waiting";
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
    return replyOfFirstRequest(db, { clientId: client.id, clientMessageId: job.input.clientMessageId }, error);
  }
}

/** The turn's session: the admitted one, its count going up, or a new one in its reservation's place. */
async function sessionOfTurn(tx: Database, job: ReplyJob, now: Date) {
  const { client, session, reservation } = job.admission;
  if (session) {
    await countMessageInChatSession(tx, session.id, now);
    return { id: session.id, publicId: session.publicId, started: false };
  }
  const publicId = generatePublicSessionId();
  // The stored session takes its reservation's place in the limits' counts, in the same step; both
  // statements leave in one write.
  const [id] = await Promise.all([
    startChatSession(tx, {
      publicId,
      clientId: client.id,
      userIp: job.visitor.ip,
      userAgent: job.visitor.userAgent,
      now,
      channel: job.channel,
    }),
    reservation === undefined ? undefined : releaseSessionReservation(tx, reservation),
  ]);
  return { id, publicId, started: true };
}
