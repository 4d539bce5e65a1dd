import { data, type RouterContextProvider } from "react-router";
import type { Database } from "#db/connection.ts";
import { databaseContext } from "~/context.ts";
import { findClientById, type Client, type ClientChanges } from "~/models/client.server.ts";
import type { DailyUsage } from "~/models/usage.server.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { apiText, notFound } from "~/server/json-api.server.ts";
import { plainTextResponse } from "~/server/plain-text.server.ts";
import { clientIdSchema } from "~/lib/ids.ts";
import type { ClientUpdateInput } from "./client-schema.ts";

/** Far above the largest client object, far below anything that hurts. */
export const MAX_CLIENT_BODY_BYTES = 16 * 1024;

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

/**
 * The client an operator API's path names (`params.clientId`), or a thrown JSON 404 "Client not
 * found" in the operator's language: an id that is no positive integer names no client either.
 */
export async function requireClient(context: Readonly<RouterContextProvider>, rawId: unknown): Promise<Client> {
  const client = await findClientByRawId(context.get(databaseContext), rawId);
  if (!client) throw notFound(apiText(context, "clients"), "api.clientNotFound");
  return client;
}

/**
 * The client a page's path names, or a thrown 404 that the page's error boundary shows as "Client not
 * found" in the operator's language.
 */
export async function requireClientForPage(context: Readonly<RouterContextProvider>, rawId: unknown): Promise<Client> {
  const client = await findClientByRawId(context.get(databaseContext), rawId);
  if (!client) throw data(getTranslator(context)("detail.notFound", { ns: "clients" }), { status: 404 });
  return client;
}

/** The client a download's path names, or a thrown plain-text 404 "Client not found" in the operator's language. */
export async function requireClientForDownload(
  context: Readonly<RouterContextProvider>,
  rawId: unknown,
): Promise<Client> {
  const client = await findClientByRawId(context.get(databaseContext), rawId);
  if (!client) throw plainTextResponse(getTranslator(context)("detail.notFound", { ns: "clients" }), 404);
  return client;
}

/**
 * The client a raw id from a path or a form names, or undefined: an id that is no positive integer
 * names no client.
 */
export async function findClientByRawId(db: Database, rawId: unknown): Promise<Client | undefined> {
  const id = clientIdSchema.safeParse(rawId);
  return id.success ? findClientById(db, id.data) : undefined;
}
