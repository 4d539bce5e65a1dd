import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";
import type { Database } from "#db/connection.ts";
import type { Language } from "~/i18n/config.ts";
import { findClientChatSession, listVisitorMessages, recordSessionFeedback } from "~/models/chat-session.server.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import { JSON_BODY_REFUSALS, readJsonObject } from "~/server/json-body.server.ts";
import { checkRateLimit, countAgainstRateLimit, tooManyRequestsHeaders, type RateLimitRule } from "~/server/rate-limit.server.ts";
import { widgetTranslator } from "./chat-ui.server.ts";
import { HISTORY_LIMIT } from "./widget-config.ts";

/** A visitor answers once per session, maybe twice: a few a minute per address is plenty. */
export const FEEDBACK_LIMIT: RateLimitRule = { limit: 20, windowMs: 10 * 60 * 1000 };
/** Read once per widget load. */
export const HISTORY_LIMIT_RULE: RateLimitRule = { limit: 30, windowMs: 60 * 1000 };
/** `{license, sessionId, helpful}` is well under 1 KB. */
const MAX_FEEDBACK_BYTES = 1024;

const licenseKey = singleLineText().trim().min(1).max(200);
const sessionId = singleLineText().trim().min(1).max(200);

export const feedbackSchema = z.object({ license: licenseKey, sessionId, helpful: z.boolean() });
export const historyQuerySchema = z.object({ license: licenseKey, sessionId });

const NO_STORE = { "Cache-Control": "no-store" };

type VisitorRequest = { db: Database; language: Language; ip: string };
type Translate = Awaited<ReturnType<typeof widgetTranslator>>;

const jsonError = (error: string, status: number, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { ...NO_STORE, ...headers } });

/** Limits come before any other work, and every attempt counts. */
async function admit(db: Database, bucket: string, rule: RateLimitRule, t: Translate) {
  const verdict = await checkRateLimit(db, [bucket], rule);
  if (verdict.limited) return jsonError(t("api.rateLimited"), 429, tooManyRequestsHeaders(verdict));
  await countAgainstRateLimit(db, [bucket]);
  return null;
}

/** The license's client and its session, or the response that says which is wrong. */
async function findVisitorSession(db: Database, license: string, publicId: string, t: Translate) {
  const client = await findClientByLicenseKey(db, license);
  if (!client) return { refusal: jsonError(t("api.unknownLicense"), 404), session: null };
  if (client.status !== "active") return { refusal: jsonError(t("api.inactive"), 403), session: null };
  const session = await findClientChatSession(db, client.id, publicId);
  if (!session) return { refusal: jsonError(t("api.unknownSession"), 404), session: null };
  return { refusal: null, session };
}

/** `POST /api/wordpress/feedback`: "Was this helpful?" for one session; 204, the last answer kept. */
export async function recordFeedback(request: Request, { db, language, ip }: VisitorRequest): Promise<Response> {
  const t = await widgetTranslator(language);
  const refused = await admit(db, `widget-feedback:ip:${ip}`, FEEDBACK_LIMIT, t);
  if (refused) return refused;
  const body = await readJsonObject(request, MAX_FEEDBACK_BYTES);
  if (body.kind !== "object") return jsonError(t(JSON_BODY_REFUSALS[body.kind].key), JSON_BODY_REFUSALS[body.kind].status);
  const parsed = feedbackSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(t("api.invalid"), 400);
  const found = await findVisitorSession(db, parsed.data.license, parsed.data.sessionId, t);
  if (!found.session) return found.refusal;
  await recordSessionFeedback(db, found.session.id, parsed.data.helpful);
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** `GET /api/wordpress/history?license=&sessionId=`: the session's last messages, so a reload continues it. */
export async function visitorHistory(params: URLSearchParams, { db, language, ip }: VisitorRequest): Promise<Response> {
  const t = await widgetTranslator(language);
  const refused = await admit(db, `widget-history:ip:${ip}`, HISTORY_LIMIT_RULE, t);
  if (refused) return refused;
  const parsed = historyQuerySchema.safeParse({ license: params.get("license") ?? "", sessionId: params.get("sessionId") ?? "" });
  if (!parsed.success) return jsonError(t("api.invalid"), 400);
  const found = await findVisitorSession(db, parsed.data.license, parsed.data.sessionId, t);
  if (!found.session) return found.refusal;
  const rows = await listVisitorMessages(db, found.session.id, HISTORY_LIMIT);
  return Response.json(
    {
      sessionId: found.session.publicId,
      messages: rows.map((row) => ({
        userMessage: row.userMessage,
        aiResponse: row.aiResponse,
        messageType: row.messageType,
        images: row.images,
        createdAt: row.createdAt.toISOString(),
      })),
    },
    { headers: NO_STORE },
  );
}

export const methodNotAllowed = async (language: Language, allow: string) =>
  jsonError((await widgetTranslator(language))("api.methodNotAllowed"), 405, { Allow: allow });
