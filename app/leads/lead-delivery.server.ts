import { randomUUID } from "node:crypto";
import type { Database } from "#db/connection.ts";
import type { DeliveryEvent, FunctionClientDetails } from "#db/vocabulary.ts";
import {
  claimDueLeadDeliveries,
  claimLeadDeliveryForResend,
  findClientDeliverySettings,
  recordLeadDeliveryAttempt,
  type LeadDelivery,
  type NewLeadDelivery,
} from "~/models/lead-delivery.server.ts";
import { composeLeadMail, sendLeadMail, type MailSettings } from "./lead-mail.server.ts";
import type { LeadEvent } from "./lead-event.ts";
import { decryptWebhookSecret, postWebhook } from "./webhook.server.ts";

/** What the sender needs from the environment: the mail server (none: mail is off), the allowed private hosts, the calendar. */
export type DeliveryConfig = { mail: MailSettings | undefined; allowHosts: readonly string[]; timeZone: string };

export function deliveryConfigOf(env: {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  SCANNER_ALLOW_HOSTS: readonly string[];
  TZ_DISPLAY: string;
}): DeliveryConfig {
  return {
    mail: env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    allowHosts: env.SCANNER_ALLOW_HOSTS,
    timeZone: env.TZ_DISPLAY,
  };
}

/** Attempts before a delivery is given up (the Resend button can still send it). */
export const MAX_DELIVERY_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;
/** How long a worker holds a delivery it took: longer than the slowest attempt (SMTP's deadlines add up to 40 s). */
export const DELIVERY_LOCK_MS = 2 * 60 * 1000;

/** The wait after the `attempt`-th failure: 30 s, 2 min, 8 min, 32 min, about 2 h, then 6 h; about 15 h in all. */
export function retryDelayMs(attempt: number) {
  return Math.min(FIRST_RETRY_MS * 4 ** (attempt - 1), LONGEST_RETRY_MS);
}

/**
 * The deliveries one turn of a conversation makes, queued in the turn's own transaction so the lead
 * and its deliveries are stored together: an e-mail when mail is on, a webhook when the client set
 * one. At most one per session and event, whatever the visitor repeats.
 */
export function leadDeliveriesFor(input: {
  client: { id: number; businessName: string; webhookUrl: string | null };
  mailEnabled: boolean;
  type: DeliveryEvent;
  session: { id: number; publicId: string };
  contact: FunctionClientDetails;
  functionType?: string;
  now: Date;
}): NewLeadDelivery[] {
  const event: LeadEvent = {
    id: randomUUID(),
    type: input.type,
    createdAt: input.now.toISOString(),
    client: { id: input.client.id, businessName: input.client.businessName },
    session: { id: input.session.publicId },
    contact: input.contact,
    ...(input.functionType ? { function: { type: input.functionType } } : {}),
  };
  const dedupeKey = `session:${input.session.id}:${input.type}`;
  const channels = [
    ...(input.mailEnabled ? (["email"] as const) : []),
    ...(input.client.webhookUrl ? (["webhook"] as const) : []),
  ];
  return channels.map((channel) => ({
    clientId: input.client.id,
    channel,
    event: input.type,
    dedupeKey,
    payload: event,
    now: input.now,
  }));
}

type Attempt = { ok: boolean; statusCode: number | null; error: string | null; final?: boolean };

/** One attempt of one delivery, with the client's settings as they are now. */
async function attempt(db: Database, delivery: LeadDelivery, config: DeliveryConfig, now: Date): Promise<Attempt> {
  const settings = await findClientDeliverySettings(db, delivery.clientId);
  if (!settings) return { ok: false, statusCode: null, error: "client removed", final: true };
  const event = delivery.payload as LeadEvent;
  if (delivery.channel === "email") {
    if (!config.mail) return { ok: false, statusCode: null, error: "mail is off (no SMTP_URL)", final: true };
    const mail = await composeLeadMail(event, settings.language, config.timeZone);
    return sendLeadMail(config.mail, { to: settings.contactEmail ?? settings.ownerEmail, ...mail });
  }
  if (!settings.webhookUrl) return { ok: false, statusCode: null, error: "no webhook address", final: true };
  const secret = settings.webhookSecretEncrypted ? decryptWebhookSecret(settings.webhookSecretEncrypted) : undefined;
  if (!secret) return { ok: false, statusCode: null, error: "the webhook secret cannot be read", final: true };
  return postWebhook(
    { url: settings.webhookUrl, secret, allowHosts: config.allowHosts },
    { deliveryId: delivery.id, type: delivery.event, body: JSON.stringify(event), now },
  );
}

/** Sends a delivery the caller has claimed, and records the attempt: delivered, retried later with backoff, or failed for good. */
async function deliver(db: Database, delivery: LeadDelivery, config: DeliveryConfig, now = new Date()) {
  const number = delivery.attempts + 1;
  const result = await attempt(db, delivery, config, now);
  const retry = !result.ok && !result.final && number < MAX_DELIVERY_ATTEMPTS;
  await recordLeadDeliveryAttempt(
    db,
    delivery,
    number,
    {
      ok: result.ok,
      statusCode: result.statusCode,
      error: result.error,
      status: result.ok ? "delivered" : retry ? "pending" : "failed",
      nextAttemptAt: retry ? new Date(now.getTime() + retryDelayMs(number)) : null,
    },
    now,
  );
  return result.ok;
}

/** The worker's step: every due delivery (a batch at a time), one after another, until `keepGoing` says stop. */
export async function deliverDueLeads(
  db: Database,
  config: DeliveryConfig,
  {
    now = new Date(),
    limit = 20,
    keepGoing = () => true,
  }: { now?: Date; limit?: number; keepGoing?: () => boolean } = {},
) {
  const claimed = await claimDueLeadDeliveries(db, {
    now,
    lockedUntil: new Date(now.getTime() + DELIVERY_LOCK_MS),
    limit,
  });
  let attempted = 0;
  let delivered = 0;
  // What a stopping worker leaves is taken again once its hold runs out.
  for (const delivery of claimed) {
    if (!keepGoing()) break;
    attempted += 1;
    if (await deliver(db, delivery, config, now)) delivered += 1;
  }
  return { attempted, delivered };
}

/** The Resend button: one attempt now. Undefined when there is no such delivery of this client, or a worker is sending it this moment. */
export async function resendLeadDelivery(
  db: Database,
  {
    clientId,
    deliveryId,
    config,
    now = new Date(),
  }: { clientId: number; deliveryId: number; config: DeliveryConfig; now?: Date },
) {
  const delivery = await claimLeadDeliveryForResend(db, {
    id: deliveryId,
    clientId,
    now,
    lockedUntil: new Date(now.getTime() + DELIVERY_LOCK_MS),
  });
  if (!delivery) return undefined;
  // Past its last retry, a resent delivery gets this one attempt: the log keeps counting.
  return { delivered: await deliver(db, delivery, config, now) };
}
