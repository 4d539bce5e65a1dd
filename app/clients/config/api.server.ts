import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientIdSchema } from "~/clients/client-schema.ts";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findClientById, type Client } from "~/models/client.server.ts";
import { JSON_BODY_REFUSALS, readJsonObject } from "~/server/json-body.server.ts";

export const NO_STORE = { "Cache-Control": "private, no-store" };
/** Far above the largest valid config (twelve prompts at their limit, in Hebrew), far below anything that hurts. */
const MAX_BODY_BYTES = 512 * 1024;

type Context = Readonly<RouterContextProvider>;

export function configTranslator(context: Context) {
  const t = getTranslator(context);
  return (key: string, values?: Record<string, unknown>) => t(key, { ns: "client-config", ...values });
}

export function jsonError(status: number, error: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return Response.json({ error, fields }, { status, headers: { ...NO_STORE, ...headers } });
}

export function methodNotAllowed(context: Context, allow: string) {
  return jsonError(405, configTranslator(context)("api.methodNotAllowed"), {}, { Allow: allow });
}

/** The client named in the path, or the 404 to answer. */
export async function clientFromPath(context: Context, rawId: string | undefined): Promise<Client | Response> {
  const id = clientIdSchema.safeParse(rawId);
  const client = id.success ? await findClientById(context.get(databaseContext), id.data) : undefined;
  return client ?? jsonError(404, configTranslator(context)("api.clientNotFound"));
}

/** The body, capped before parsing and validated; or the 4xx to answer, with a message per field. */
export async function readValidBody<Schema extends z.ZodType>(
  request: Request,
  context: Context,
  schema: Schema,
): Promise<{ ok: true; data: z.infer<Schema> } | { ok: false; response: Response }> {
  const t = configTranslator(context);
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  if (body.kind !== "object") {
    const refusal = JSON_BODY_REFUSALS[body.kind];
    return { ok: false, response: jsonError(refusal.status, t(refusal.key)) };
  }
  const parsed = schema.safeParse(body.value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : issue.code === "unrecognized_keys" ? issue.keys.join(",") : "body";
    const message = issue.code === "unrecognized_keys" ? "errors.unknownField" : issue.message;
    fields[field] ??= t(message.startsWith("errors.") ? message : "errors.invalid");
  }
  const unknownStyle = parsed.error.issues.some((issue) => issue.message === "errors.unknownSalesStyle");
  return { ok: false, response: jsonError(400, t(unknownStyle ? "errors.unknownSalesStyle" : "api.invalid"), fields) };
}
