import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";
import type { Database } from "#db/connection.ts";
import { recordLastExchangeGap } from "~/gaps/gaps.server.ts";
import type { Language } from "~/i18n/config.ts";
import { findClientChatSession, listVisitorMessages, recordSessionFeedback } from "~/models/chat-session.server.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import { readJsonObject } from "~/server/json-body.server.ts";
import {
  apiTextIn,
  bodyRefused,
  jsonAnswer,
  jsonError,
  noContent,
  notFound,
  tooManyRequests,
  type ApiText,
} from "~/server/json-api.server.ts";
import { checkRateLimit, countAgainstRateLimit, type RateLimitRule } from "~/server/rate-limit.server.ts";
import { RATING_COMMENT_MAX_LENGTH } from "~/lib/rating-rules.ts";
import { recordRating } from "~/ratings/ratings.server.ts";
import { HISTORY_LIMIT } from "./widget-config.ts";

/** A visitor answers once per session, maybe twice: a few a minute per address is plenty. */
export const FEEDBACK_LIMIT: RateLimitRule = { limit: 20, windowMs: 10 * 60 * 1000 };
/** One rating a conversation: a few a minute per address is plenty, like the feedback. */
export const RATING_LIMIT: RateLimitRule = { limit: 20, windowMs: 10 * 60 * 1000 };
/** The comment's 500 characters, in Hebrew's two bytes each, and the rest of the body. */
const MAX_RATING_BYTES = 4096;
/** Read once per widget load. */
export const HISTORY_LIMIT_RULE: RateLimitRule = { limit: 30, windowMs: 60 * 1000 };
/** `{license, sessionId, helpful}` is well under 1 KB. */
const MAX_FEEDBACK_BYTES = 1024;

const licenseKey = singleLineText().trim().min(1).max(200);
const sessionId = singleLineText().trim().min(1).max(200);

export const feedbackSchema = z.object({ license: licenseKey, sessionId, helpful: z.boolean() });
export const ratingSchema = z.object({
  license: licenseKey,
  sessionId,
  rating: z.number().int().min(1).max(5),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX_LENGTH)
    .optional()
    .transform((comment) => comment || null),
});
export const historyQuerySchema = z.object({ license: licenseKey, sessionId });

type VisitorRequest = { db: Database; language: Language; ip: string };

/** The widget APIs' texts in the visitor's language: the widget namespace, then common's. */
export const widgetText = (language: Language) => apiTextIn(language, "widget");

/** Limits come before any other work, and every attempt counts. */
async function admit(db: Database, bucket: string, rule: RateLimitRule, t: ApiText) {
  const verdict = await checkRateLimit(db, [bucket], rule);
  if (verdict.limited) return tooManyRequests(t, verdict);
  await countAgainstRateLimit(db, [bucket]);
  return null;
}

/** The license's client and its session, or the response that says which is wrong. */
async function findVisitorSession(db: Database, license: string, publicId: string, t: ApiText) {
  const client = await findClientByLicenseKey(db, license);
  if (!client) return { refusal: notFound(t, "api.unknownLicense"), session: null };
  if (client.status !== "active") return { refusal: jsonError(403, t("api.inactive")), session: null };
  const session = await findClientChatSession(db, client.id, publicId);
  if (!session) return { refusal: notFound(t, "api.unknownSession"), session: null };
  return { refusal: null, session: { ...session, clientId: client.id } };
}

/** `POST /api/wordpress/feedback`: "Was this helpful?" for one session; 204, the last answer kept. */
export async function recordFeedback(request: Request, { db, language, ip }: VisitorRequest): Promise<Response> {
  const t = await widgetText(language);
  const refused = await admit(db, `widget-feedback:ip:${ip}`, FEEDBACK_LIMIT, t);
  if (refused) return refused;
  const body = await readJsonObject(request, MAX_FEEDBACK_BYTES);
  if (body.kind !== "object") return bodyRefused(t, body.kind);
  // The widget shows one line to the visitor, so a refusal names no field.
  const parsed = feedbackSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, t("api.invalid"));
  const found = await findVisitorSession(db, parsed.data.license, parsed.data.sessionId, t);
  if (!found.session) return found.refusal;
  await db.transaction(async (tx) => {
    await recordSessionFeedback(tx, found.session.id, parsed.data.helpful);
    // An answer the visitor did not like is a gap, with that answer attached.
    if (!parsed.data.helpful) await recordLastExchangeGap(tx, found.session, "not_helpful");
  });
  return noContent();
}

/**
 * `POST /api/wordpress/rating`: "How did we do?" for one session, 1 to 5 with an optional comment;
 * 204. One rating per conversation: a second is refused (409), the first stands.
 */
export async function recordVisitorRating(request: Request, { db, language, ip }: VisitorRequest): Promise<Response> {
  const t = await widgetText(language);
  const refused = await admit(db, `widget-rating:ip:${ip}`, RATING_LIMIT, t);
  if (refused) return refused;
  const body = await readJsonObject(request, MAX_RATING_BYTES);
  if (body.kind !== "object") return bodyRefused(t, body.kind);
  const parsed = ratingSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, t("api.ratingInvalid", { max: RATING_COMMENT_MAX_LENGTH }));
  const found = await findVisitorSession(db, parsed.data.license, parsed.data.sessionId, t);
  if (!found.session) return found.refusal;
  const rated = await recordRating(db, found.session, { score: parsed.data.rating, comment: parsed.data.comment });
  if (!rated) return jsonError(409, t("api.alreadyRated"));
  return noContent();
}

/** `GET /api/wordpress/history?license=&sessionId=`: the session's last messages, so a reload continues it. */
export async function visitorHistory(params: URLSearchParams, { db, language, ip }: VisitorRequest): Promise<Response> {
  const t = await widgetText(language);
  const refused = await admit(db, `widget-history:ip:${ip}`, HISTORY_LIMIT_RULE, t);
  if (refused) return refused;
  const parsed = historyQuerySchema.safeParse({
    license: params.get("license") ?? "",
    sessionId: params.get("sessionId") ?? "",
  });
  if (!parsed.success) return jsonError(400, t("api.invalid"));
  const found = await findVisitorSession(db, parsed.data.license, parsed.data.sessionId, t);
  if (!found.session) return found.refusal;
  const rows = await listVisitorMessages(db, found.session.id, HISTORY_LIMIT);
  return jsonAnswer({
    sessionId: found.session.publicId,
    personAnswering: found.session.heldBy !== null,
    rated: found.session.ratedAt !== null,
    messages: rows.map((row) => ({
      userMessage: row.userMessage,
      aiResponse: row.aiResponse,
      messageType: row.messageType,
      role: row.role,
      images: row.images,
      createdAt: row.createdAt.toISOString(),
    })),
  });
}
