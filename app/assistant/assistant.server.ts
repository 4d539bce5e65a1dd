import type { Database } from "#db/connection.ts";
import { hasMeaningfulWords } from "#db/search-text.ts";
import type { MessageType, ReplySource } from "#db/vocabulary.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { readStoredBusinessHours } from "~/hours/business-hours.server.ts";
import { openingState } from "~/hours/business-hours.ts";
import { asksAboutHours, hoursForPrompt, hoursNotice, statesHours } from "~/hours/hours-reply.ts";
import { DEFAULT_DISPLAY_TIME_ZONE } from "~/lib/calendar.ts";
import { findAnswerSettings } from "~/models/answer-settings.server.ts";
import type { KnowledgePassage } from "~/models/knowledge-entry.server.ts";
import { logInfo } from "~/server/log.server.ts";
import { answersNothing, builtInReply, type AssistantTranslate, type BuiltInTurn } from "./built-in-responder.ts";
import {
  extractContactDetails,
  learnedSomethingNew,
  mergeContactDetails,
  type ContactDetails,
} from "./contact-details.ts";
import { clientGreetingFor } from "./greeting.ts";
import { detectLanguage } from "./language.ts";
import { deliverableFromWords, type Deliverable } from "./message-type.ts";
import { askModel, ModelFailure, type HistoryTurn, type ModelSettings } from "./model-provider.server.ts";
import { retrievePassages } from "./retrieval.server.ts";
import type { TurnTokens } from "./turn-tokens.server.ts";
import { answerExcerpt, sharesSubject } from "./subject.server.ts";
import { buildSystemPrompt, type BusinessProfile } from "./system-prompt.ts";

/** Passages handed to the model, or the best of which the built-in responder quotes. */
const PASSAGES_PER_TURN = 3;

export type VisitorTurn = {
  client: { id: number; businessName: string; businessType: string };
  /**
   * The client's knowledge revision as read for this message: the search may then be answered from
   * memory (app/assistant/passage-cache.server.ts). Without it the search always runs (the training
   * page's preview and the test questions).
   */
  knowledgeRevision?: number;
  message: string;
  imageCount: number;
  /** The language the request asked for: used when the message itself has no letters. */
  requestLanguage: Language;
  /** The session's earlier exchanges, oldest first. */
  history: readonly { userMessage: string; aiResponse: string; messageType: MessageType }[];
  knownDetails: ContactDetails;
  onDelta: (text: string) => void;
  /** When the message is answered, and the zone the business's opening hours are in (TZ_DISPLAY). */
  clock?: { now: Date; timeZone: string };
};

export type AssistantAnswer = {
  reply: string;
  language: Language;
  /** The provider failed or timed out, or the message cost too much to search: the reply is the polite fallback, billed at $0. */
  providerFailed: boolean;
  deliverable: Deliverable | undefined;
  /** Contact details known after this message. */
  details: ContactDetails;
  /** The visitor gave a name or phone number not known before. */
  contactCollected: boolean;
  /** What the reply was built from: the passages quoted or given to the model, the saved hours, the model's tools. */
  sources: ReplySource[];
  /** The reply is the built-in responder's "I don't know yet": the question is a knowledge gap. */
  unanswered: boolean;
  /** What the model's turn cost in tokens; absent when no model answered (the built-in responder, a fallback). */
  tokens?: TurnTokens;
};

const sourceOf = (passage: KnowledgePassage): ReplySource => ({
  kind: "entry",
  entryId: passage.id,
  origin: passage.origin,
  topic: passage.topic,
  sourceUrl: passage.sourceUrl,
});

/** The configured OpenAI-compatible provider, or none: then the built-in responder answers. */
export function modelSettingsFrom(
  env: Pick<Env, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL"> & Partial<Pick<Env, "AI_TIMEOUT_MS">>,
): ModelSettings | undefined {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return undefined;
  return { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS };
}

async function translatorFor(language: Language): Promise<AssistantTranslate> {
  const instance = await getI18nInstance(language);
  return instance.getFixedT(language, "assistant") as AssistantTranslate;
}

/** The client's profile for the prompt and the built-in responder, and its opening hours if it set them. */
async function loadAnswerContext(db: Database, client: VisitorTurn["client"]) {
  const { training, sales, hours } = await findAnswerSettings(db, client.id);
  const profile: BusinessProfile = {
    businessName: client.businessName,
    businessType: client.businessType,
    training: training ?? null,
    sales: sales ?? null,
  };
  return { profile, hours: readStoredBusinessHours(hours) };
}

/**
 * Answers one visitor message for a client: retrieves the knowledge passages for it, then asks the
 * configured model (or, without one, the built-in responder), and reads the contact details the
 * visitor gave. A failing or slow model, or a message too costly to search in time, gives the
 * visitor a polite fallback in their language.
 */
export async function answerVisitor(
  db: Database,
  modelSettings: ModelSettings | undefined,
  turn: VisitorTurn,
): Promise<AssistantAnswer> {
  const previousLanguage = turn.history.length
    ? detectLanguage(turn.history.at(-1)!.userMessage, turn.requestLanguage)
    : turn.requestLanguage;
  const language = detectLanguage(turn.message, previousLanguage);
  const t = await translatorFor(language);
  const [{ profile, hours }, passages] = await Promise.all([
    loadAnswerContext(db, turn.client),
    retrievePassages(db, turn.client.id, turn.message, PASSAGES_PER_TURN, turn.knowledgeRevision),
  ]);
  const { now, timeZone } = turn.clock ?? { now: new Date(), timeZone: DEFAULT_DISPLAY_TIME_ZONE };
  const opening = hours ? openingState(now, hours, timeZone) : undefined;
  const said = mergeContactDetails(turn.knownDetails, extractContactDetails(turn.message));
  if (!passages) {
    // The visitor gets the fallback without a word about why: the log is where an operator learns it.
    logInfo("assistant.fallback", { clientId: turn.client.id, reason: "retrieval" });
    return answer(turn, {
      reply: t("fallback"),
      language,
      providerFailed: true,
      deliverable: undefined,
      details: said,
      sources: [],
      unanswered: false,
    });
  }
  const previousMessageType = turn.history.at(-1)?.messageType;

  if (!modelSettings) {
    // The model reads every passage and judges; the built-in responder quotes, so only what speaks
    // of the question, and of a long passage the part that answers it.
    // Asked about the hours, a business's saved hours answer; a passage stating other times (an old
    // scan of its site) would contradict them.
    const savedHoursAnswer = opening !== undefined && asksAboutHours(turn.message);
    const onSubject = passages
      .filter((passage) => sharesSubject(turn.message, passage))
      .filter((passage) => !(savedHoursAnswer && statesHours(passage.content)))
      .map((passage) => ({ ...passage, content: answerExcerpt(turn.message, passage.content) }));
    const deliverable = deliverableFromWords({
      visitorMessage: turn.message,
      previousMessageType,
      answeredFromKnowledge: onSubject.length > 0,
    });
    const builtIn: BuiltInTurn = {
      t,
      language,
      businessType: turn.client.businessType,
      salesStyle: profile.sales?.salesStyle,
      salesFlow: profile.training?.salesFlow ?? [],
      previousReplies: turn.history.length,
      passages: onSubject,
      asked: hasMeaningfulWords(turn.message),
      imageCount: turn.imageCount,
      knownDetails: turn.knownDetails,
      details: said,
      deliverable,
      hoursNotice: opening
        ? hoursNotice({
            t,
            state: opening,
            now,
            timeZone,
            message: turn.message,
            firstReply: turn.history.length === 0,
            phone: said.phone,
          })
        : undefined,
    };
    const reply = builtInReply(builtIn);
    turn.onDelta(reply);
    // The responder quotes the best passage alone.
    const quoted = onSubject[0];
    return answer(turn, {
      reply,
      language,
      providerFailed: false,
      deliverable,
      details: said,
      sources: [...(builtIn.hoursNotice ? [{ kind: "hours" as const }] : []), ...(quoted ? [sourceOf(quoted)] : [])],
      unanswered: answersNothing(builtIn),
    });
  }

  try {
    const history: HistoryTurn[] = turn.history.flatMap((exchange) => [
      { role: "user" as const, content: exchange.userMessage },
      { role: "assistant" as const, content: exchange.aiResponse },
    ]);
    const modelTurn = await askModel({
      settings: modelSettings,
      system: buildSystemPrompt(
        profile,
        passages,
        language,
        hours && opening ? hoursForPrompt(hours, opening, now, timeZone) : [],
      ),
      history,
      message: turn.message,
      onDelta: turn.onDelta,
    });
    const details = mergeContactDetails(said, modelTurn.details);
    const deliverable =
      modelTurn.deliverable ??
      deliverableFromWords({ visitorMessage: turn.message, previousMessageType, answeredFromKnowledge: false });
    return answer(turn, {
      reply: modelTurn.text,
      language,
      providerFailed: false,
      deliverable,
      details,
      sources: [...passages.map(sourceOf), ...modelTurn.toolCalls.map((name) => ({ kind: "tool" as const, name }))],
      unanswered: false,
      tokens: modelTurn.tokens,
    });
  } catch (error) {
    if (!(error instanceof ModelFailure)) throw error;
    logInfo("assistant.fallback", { clientId: turn.client.id, reason: error.reason });
    return answer(turn, {
      reply: t("fallback"),
      language,
      providerFailed: true,
      deliverable: undefined,
      details: said,
      sources: [],
      unanswered: false,
    });
  }
}

function answer(turn: VisitorTurn, result: Omit<AssistantAnswer, "contactCollected">): AssistantAnswer {
  return { ...result, contactCollected: learnedSomethingNew(turn.knownDetails, result.details) };
}

/**
 * One small round trip for the system checks: the client's own system prompt, a greeting, no
 * history, nothing stored. The built-in responder's answer comes after the greeting the chat opens
 * with, as a visitor sees them. A failing model throws its ModelFailure (the check shows why).
 */
export async function probeAssistant(
  db: Database,
  modelSettings: ModelSettings | undefined,
  client: VisitorTurn["client"],
  options: { language: Language; timeoutMs: number },
): Promise<{ provider: "model" | "built-in"; reply: string }> {
  const t = await translatorFor(options.language);
  const message = t("probe");
  const { profile } = await loadAnswerContext(db, client);
  if (!modelSettings) {
    const answer = await answerVisitor(db, undefined, {
      client,
      message,
      imageCount: 0,
      requestLanguage: options.language,
      history: [],
      knownDetails: {},
      onDelta: () => {},
    });
    const greeting =
      clientGreetingFor(profile.training, options.language) ?? t("defaultGreeting", { business: client.businessName });
    return { provider: "built-in", reply: `${greeting}\n\n${answer.reply}` };
  }
  const turn = await askModel({
    settings: modelSettings,
    system: buildSystemPrompt(profile, [], options.language),
    history: [],
    message,
    onDelta: () => {},
    timeoutMs: options.timeoutMs,
  });
  return { provider: "model", reply: turn.text };
}
