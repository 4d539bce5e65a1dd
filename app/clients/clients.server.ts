import type { z } from "zod";
import type { Client, ClientChanges } from "~/models/client.server.ts";
import type { DailyUsage } from "~/models/usage.server.ts";
import { JSON_BODY_REFUSALS, readJsonObject } from "~/server/json-body.server.ts";
import type { ClientUpdateInput } from "./client-schema.ts";

/** Far above the largest client object, far below anything that hurts. */
export const MAX_CLIENT_BODY_BYTES = 16 * 1024;

export const NO_STORE = { "Cache-Control": "private, no-store" };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A client as the API shows it: money in dollars, dates as ISO text. */
export function clientJson(client: Client) {
  return {
    id: client.id,
    businessName: client.businessName,
    ownerEmail: client.ownerEmail,
    contactEmail: client.contactEmail,
    websiteDomain: client.websiteDomain,
    businessType: client.businessType,
    plan: client.plan,
    status: client.status,
    licenseKey: client.licenseKey,
    monthlyFee: client.monthlyFeeCents / 100,
    onboardingPaid: client.onboardingPaid,
    createdAt: client.createdAt.toISOString(),
  };
}

/** One day of a client's usage, as the usage API answers it: money in dollars. */
export const usageRecordJson = (day: DailyUsage) => ({
  date: day.date,
  conversations: day.conversations,
  articlesGenerated: day.articles,
  solutions: day.solutions,
  totalCost: day.totalCents / 100,
});

/** What an update asks of the database: the fee in cents. */
export function clientChanges({ monthlyFee, ...rest }: ClientUpdateInput): ClientChanges {
  const changes: ClientChanges = { ...rest };
  if (monthlyFee !== undefined) changes.monthlyFeeCents = Math.round(monthlyFee * 100);
  return changes;
}

export const jsonError = (t: Translate, key: string, status: number, fields: Record<string, string> = {}) =>
  Response.json({ error: t(key, { ns: "clients" }), fields }, { status, headers: NO_STORE });

/**
 * Reads a JSON object body and validates it: the value, or the 4xx to answer with
 * `{ error, fields }` (one message per field, in the operator's language).
 */
export async function readClientBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  t: Translate,
): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonObject(request, MAX_CLIENT_BODY_BYTES);
  if (body.kind !== "object") {
    const refusal = JSON_BODY_REFUSALS[body.kind];
    return { ok: false, response: jsonError(t, refusal.key, refusal.status) };
  }
  const parsed = schema.safeParse(body.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    fields[field] ??= t(issue.message, { ns: "clients" });
  }
  return { ok: false, response: jsonError(t, "api.invalid", 400, fields) };
}
