import { randomUUID } from "node:crypto";
import type { Database } from "#db/connection.ts";
import type { FunctionClientDetails, MessageRole } from "#db/vocabulary.ts";
import type { AssistantAnswer } from "~/assistant/assistant.server.ts";
import { extractContactDetails, learnedSomethingNew, mergeContactDetails } from "~/assistant/contact-details.ts";
import { detectLanguage } from "~/assistant/language.ts";
import { loadBusinessHours } from "~/hours/business-hours.server.ts";
import { openingState } from "~/hours/business-hours.ts";
import { whenItOpens, whyClosed } from "~/hours/hours-reply.ts";
import type { Language } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { leadContext } from "~/leads/lead-delivery.server.ts";
import type { LeadEvent } from "~/leads/lead-event.ts";
import { recordHandoff } from "~/models/handoff.server.ts";
import { findPersonSettings, markWaitingForPerson, someoneCanAnswer } from "~/models/inbox.server.ts";
import { enqueueLeadDeliveries } from "~/models/lead-delivery.server.ts";
import { portalConversationPath } from "~/sessions/portal-conversation-paths.ts";

/**
 * A visitor asked for a person (app/lib/person-request.ts hears it): Alex does not answer the question, it
 * tells the truth about who comes and when, and the conversation waits in the inbox. Someone can
 * join now only while the business is open and someone who may answer it has a page open (their
 * live stream heard from them within PRESENCE_MS); otherwise the visitor is told when, and asked how
 * to be reached.
 */
export const PRESENCE_MS = 90_000;

type Turn = {
  client: { id: number };
  message: string;
  requestLanguage: Language;
  /** The language the conversation had so far: a message without words keeps it. */
  previousMessage: string | undefined;
  knownDetails: FunctionClientDetails;
  now: Date;
  timeZone: string;
};

/** Alex's answer to a request for a person, shaped as any answer of Alex's, written without a model. */
export async function answerPersonRequest(db: Database, turn: Turn): Promise<AssistantAnswer> {
  const previous = turn.previousMessage
    ? detectLanguage(turn.previousMessage, turn.requestLanguage)
    : turn.requestLanguage;
  const language = detectLanguage(turn.message, previous);
  const t = (await getI18nInstance(language)).getFixedT(language, "assistant");
  const details = mergeContactDetails(turn.knownDetails, extractContactDetails(turn.message));
  const [hours, present] = await Promise.all([
    loadBusinessHours(db, turn.client.id),
    someoneCanAnswer(db, turn.client.id, new Date(turn.now.getTime() - PRESENCE_MS)),
  ]);
  // A business that set no hours is never told closed by a default it did not choose.
  const state = hours ? openingState(turn.now, hours, turn.timeZone) : undefined;
  const reach = details.phone ? t("person.callBack", { phone: details.phone }) : t("person.howToReach");
  let reply: string;
  if (state && !state.open) {
    const why = whyClosed(state);
    const closed = t(`hours.${why.key}`, why.holiday ? { holiday: t(`hours.holidays.${why.holiday}`) } : undefined);
    const when = state.opensAt ? whenItOpens(state.opensAt, turn.now, turn.timeZone, t) : undefined;
    reply = `${closed} ${when ? t("person.whenOpen", { when }) : t("person.later")} ${reach}`;
  } else if (present) {
    reply = t("person.joining");
  } else {
    reply = `${t("person.nobodyNow")} ${reach}`;
  }
  return {
    reply,
    language,
    providerFailed: false,
    deliverable: undefined,
    details,
    contactCollected: learnedSomethingNew(turn.knownDetails, details),
    // Asking for a person is not a question Alex failed: a take-over records the gap, if any.
    sources: [],
    unanswered: false,
  };
}

/**
 * In the turn's transaction: the conversation waits for a person (once: a second request changes
 * nothing), the log says the visitor asked, and the mail to the business's owner is queued, due when
 * the client's minutes run out; taking or closing the conversation before then drops it. Answers
 * whether the conversation began to wait.
 */
export async function startWaitingForPerson(
  tx: Database,
  {
    client,
    session,
    mailEnabled,
    backOfficeOrigin,
    contact,
    recent,
    now,
  }: {
    client: { id: number; businessName: string };
    session: { id: number; publicId: string };
    mailEnabled: boolean;
    backOfficeOrigin: string;
    contact: FunctionClientDetails;
    recent: readonly { role: MessageRole; userMessage: string; aiResponse: string }[];
    now: Date;
  },
) {
  if (!(await markWaitingForPerson(tx, session.id, now))) return false;
  await recordHandoff(tx, {
    sessionId: session.id,
    operatorId: null,
    operatorName: "",
    action: "ask_for_person",
    at: now,
  });
  const settings = await findPersonSettings(tx, client.id);
  if (!mailEnabled || !settings) return true;
  const event: LeadEvent = {
    id: randomUUID(),
    type: "person.requested",
    createdAt: now.toISOString(),
    client: { id: client.id, businessName: client.businessName },
    session: { id: session.publicId },
    contact,
    conversation: leadContext(recent),
    // The owner reads it in the business's portal, where they sign in.
    link: new URL(portalConversationPath(session.publicId), backOfficeOrigin).href,
  };
  await enqueueLeadDeliveries(tx, [
    {
      clientId: client.id,
      channel: "email",
      event: "person.requested",
      dedupeKey: `session:${session.id}:person.requested:${now.getTime()}`,
      payload: event,
      now,
      dueAt: new Date(now.getTime() + settings.personWaitMinutes * 60_000),
    },
  ]);
  return true;
}
