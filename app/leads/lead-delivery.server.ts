import { randomUUID } from "node:crypto";
import type { Database } from "#db/connection.ts";
import type { DeliveryEvent, FunctionClientDetails, MessageRole } from "#db/vocabulary.ts";
import {
  claimDueLeadDeliveries,
  claimLeadDeliveryForResend,
  findClientDeliverySettings,
  recordLeadDeliveryAttempt,
  type LeadDelivery,
  type NewLeadDelivery,
} from "~/models/lead-delivery.server.ts";
import { isWaitingForPerson, listBusinessOwnerEmails } from "~/models/inbox.server.ts";
import { FINAL_REASONS } from "./delivery-errors.server.ts";
import { mailSettingsOf, sendMail, type MailSettings } from "~/mail/send-mail.server.ts";
import { composeLeadMail } from "./lead-mail.server.ts";
import { sessionDetailPath } from "~/sessions/session-query.ts";
import {
  LEAD_CONTEXT_CHARACTERS,
  LEAD_CONTEXT_MESSAGES,
  type LeadContextMessage,
  type LeadEvent,
} from "./lead-event.ts";
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
    mail: mailSettingsOf(env),
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
  /** The session's latest rows, oldest first (`listRecentSessionExchanges`). */
  recent: readonly { role: MessageRole; userMessage: string; aiResponse: string }[];
  /** The back office's origin: PUBLIC_URL's, else the one the message reached. */
  backOfficeOrigin: string;
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
    conversation: leadContext(input.recent),
    link: new URL(sessionDetailPath(input.session.publicId), input.backOfficeOrigin).href,
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

/** The lead's context: the session's last messages as who wrote what, bounded in number and length. */
export function leadContext(
  recent: readonly { role: MessageRole; userMessage: string; aiResponse: string }[],
): LeadContextMessage[] {
  const messages = recent.flatMap((row): LeadContextMessage[] => {
    if (row.role === "operator") return [{ from: "operator", text: row.aiResponse }];
    if (row.role === "visitor") return [{ from: "visitor", text: row.userMessage }];
    return [
      { from: "visitor", text: row.userMessage },
      { from: "assistant", text: row.aiResponse },
    ];
  });
  return messages
    .filter((message) => message.text.trim() !== "")
    .slice(-LEAD_CONTEXT_MESSAGES)
    .map((message) => ({ ...message, text: cut(message.text.trim(), LEAD_CONTEXT_CHARACTERS) }));
}

/** At most `length` characters (whole code points), an ellipsis marking a cut. */
function cut(text: string, length: number) {
  const characters = [...text];
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join("")}…`;
}

type Attempt = { ok: boolean; statusCode: number | null; error: string | null; final?: boolean };

/** One attempt of one delivery, with the client's settings as they are now. */
async function attempt(db: Database, delivery: LeadDelivery, config: DeliveryConfig, now: Date): Promise<Attempt> {
  const settings = await findClientDeliverySettings(db, delivery.clientId);
  if (!settings) return { ok: false, statusCode: null, error: FINAL_REASONS.clientRemoved, final: true };
  const event = delivery.payload as LeadEvent;
  if (delivery.channel === "email") {
    if (!config.mail) return { ok: false, statusCode: null, error: FINAL_REASONS.mailOff, final: true };
    const mail = await composeLeadMail(event, settings.language, config.timeZone);
    if (delivery.event === "person.requested") {
      // Someone took the conversation, or it was closed, after the mail was due: nothing to tell.
      if (!(await isWaitingForPerson(db, delivery.clientId, event.session.id)))
        return { ok: false, statusCode: null, error: FINAL_REASONS.answered, final: true };
      const owners = await listBusinessOwnerEmails(db, delivery.clientId);
      const to = owners.length > 0 ? owners.join(", ") : (settings.contactEmail ?? settings.ownerEmail);
      return sendMail(config.mail, { to, ...mail });
    }
    return sendMail(config.mail, { to: settings.contactEmail ?? settings.ownerEmail, ...mail });
  }
  if (!settings.webhookUrl) return { ok: false, statusCode: null, error: FINAL_REASONS.noWebhook, final: true };
  const secret = settings.webhookSecretEncrypted ? decryptWebhookSecret(settings.webhookSecretEncrypted) : undefined;
  if (!secret) return { ok: false, statusCode: null, error: FINAL_REASONS.secretUnreadable, final: true };
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

/**
 * How many businesses' deliveries go out side by side: a receiver that hangs holds its own lane for
 * one attempt's deadline at most, never another business's lead.
 */
export const DELIVERY_LANES = 4;

/**
 * Takes up to `limit` due deliveries for this worker, none of a client it is sending to already
 * (`busyClientIds`): a business's deliveries go out one at a time, so a slow receiver is asked
 * once at a time, and the other lanes stay free for the other businesses.
 */
export function claimDueDeliveries(
  db: Database,
  { now, limit, busyClientIds = [] }: { now: Date; limit: number; busyClientIds?: readonly number[] },
) {
  return claimDueLeadDeliveries(db, {
    now,
    lockedUntil: new Date(now.getTime() + DELIVERY_LOCK_MS),
    limit,
    excludeClientIds: busyClientIds,
  });
}

/** Claimed deliveries grouped by client, in the order they were due. */
export function byClient(claimed: LeadDelivery[]) {
  const groups = new Map<number, LeadDelivery[]>();
  for (const delivery of claimed) groups.set(delivery.clientId, [...(groups.get(delivery.clientId) ?? []), delivery]);
  return groups;
}

/** One client's claimed deliveries, one after another, until `keepGoing` says stop. */
export async function deliverInTurn(
  db: Database,
  deliveries: LeadDelivery[],
  config: DeliveryConfig,
  { now, keepGoing = () => true }: { now?: Date; keepGoing?: () => boolean } = {},
) {
  let attempted = 0;
  let delivered = 0;
  // What a stopping worker leaves is taken again once its hold runs out.
  for (const delivery of deliveries) {
    if (!keepGoing()) break;
    attempted += 1;
    if (await deliver(db, delivery, config, now ?? new Date())) delivered += 1;
  }
  return { attempted, delivered };
}

/**
 * One round: every due delivery (a batch at a time), each client's in turn and up to
 * `DELIVERY_LANES` clients side by side, until `keepGoing` says stop. The worker
 * (app/jobs/delivery-worker.server.ts) keeps its lanes full instead of waiting for a round's slowest.
 */
export async function deliverDueLeads(
  db: Database,
  config: DeliveryConfig,
  {
    now = new Date(),
    limit = 20,
    keepGoing = () => true,
  }: { now?: Date; limit?: number; keepGoing?: () => boolean } = {},
) {
  const groups = [...byClient(await claimDueDeliveries(db, { now, limit })).values()];
  const totals = { attempted: 0, delivered: 0 };
  const lane = async () => {
    for (let group = groups.shift(); group; group = groups.shift()) {
      const done = await deliverInTurn(db, group, config, { now, keepGoing });
      totals.attempted += done.attempted;
      totals.delivered += done.delivered;
    }
  };
  await Promise.all(Array.from({ length: Math.min(DELIVERY_LANES, groups.length) }, lane));
  return totals;
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
