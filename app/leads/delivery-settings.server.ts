import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import type { Database } from "#db/connection.ts";
import {
  findClientDeliverySettings,
  listAttemptsOfDeliveries,
  listClientLeadDeliveries,
  saveClientDeliverySettings,
} from "~/models/lead-delivery.server.ts";
import type { ClientLanguage } from "#db/vocabulary.ts";
import { explainDeliveryError } from "./delivery-errors.server.ts";
import { deliverySettingsSchema } from "./delivery-settings-schema.ts";
import { resendLeadDelivery, type DeliveryConfig } from "./lead-delivery.server.ts";
import {
  decryptWebhookSecret,
  encryptWebhookSecret,
  generateWebhookSecret,
  webhookUrlProblem,
  type WebhookUrlProblem,
} from "./webhook.server.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The client page shows the latest deliveries. */
const DELIVERY_LOG_LIMIT = 25;

/** What the client page's Lead delivery tab shows: where leads go, the webhook's secret (operators only) and the log. */
export async function loadDeliveryTab(db: Database, clientId: number, { mailEnabled }: { mailEnabled: boolean }) {
  const settings = await findClientDeliverySettings(db, clientId);
  if (!settings) return undefined;
  const deliveries = await listClientLeadDeliveries(db, clientId, DELIVERY_LOG_LIMIT);
  const attempts = await listAttemptsOfDeliveries(
    db,
    deliveries.map((delivery) => delivery.id),
  );
  return {
    mailEnabled,
    recipient: settings.contactEmail ?? settings.ownerEmail,
    language: settings.language,
    webhookUrl: settings.webhookUrl ?? "",
    webhookSecret: settings.webhookSecretEncrypted
      ? (decryptWebhookSecret(settings.webhookSecretEncrypted) ?? null)
      : null,
    deliveries: deliveries.map((delivery) => ({
      ...delivery,
      problem: explainDeliveryError(delivery.channel, {
        statusCode: delivery.lastStatusCode,
        error: delivery.lastError,
      }),
      history: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map(({ deliveryId: _, ...attempt }) => ({
          ...attempt,
          problem: explainDeliveryError(delivery.channel, attempt),
        })),
    })),
  };
}

export type DeliveryTabData = NonNullable<Awaited<ReturnType<typeof loadDeliveryTab>>>;

/** The tab's data as `GET /api/clients/{id}/lead-delivery` answers it: times in ISO 8601, no webhook: null. */
export function deliveryJson(tab: DeliveryTabData) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    ...tab,
    webhookUrl: tab.webhookUrl || null,
    deliveries: tab.deliveries.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      lastAttemptAt: iso(row.lastAttemptAt),
      nextAttemptAt: iso(row.nextAttemptAt),
      history: row.history.map((attempt) => ({
        ...attempt,
        attemptedAt: iso(attempt.attemptedAt),
        nextAttemptAt: iso(attempt.nextAttemptAt),
      })),
    })),
  };
}

/**
 * Saves the settings after the address guard had its say. A first webhook address gets a secret;
 * removing the address keeps the secret, so a receiver set up once keeps working when it returns.
 */
export async function saveDeliverySettings(
  db: Database,
  clientId: number,
  input: { language?: ClientLanguage; webhookUrl?: string | null },
  allowHosts: readonly string[],
): Promise<{ problem: WebhookUrlProblem } | { problem?: undefined }> {
  const problem = input.webhookUrl ? await webhookUrlProblem(input.webhookUrl, allowHosts) : undefined;
  if (problem) return { problem };
  const settings = await findClientDeliverySettings(db, clientId);
  const needsSecret = input.webhookUrl && !settings?.webhookSecretEncrypted;
  await saveClientDeliverySettings(db, clientId, {
    language: input.language,
    webhookUrl: input.webhookUrl,
    ...(needsSecret ? { webhookSecretEncrypted: encryptWebhookSecret(generateWebhookSecret()) } : {}),
  });
  return {};
}

export async function rotateWebhookSecret(db: Database, clientId: number) {
  await saveClientDeliverySettings(db, clientId, {
    webhookSecretEncrypted: encryptWebhookSecret(generateWebhookSecret()),
  });
}

export const DELIVERY_INTENTS = ["delivery-settings", "rotate-webhook-secret", "resend-delivery"] as const;

const resendSchema = z.object({ deliveryId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The tab's three posts, told apart by `intent`: the settings form (400 with the field's message in
 * the operator's language, the values kept), Rotate secret, and Resend (one attempt now, its outcome
 * in the toast). Each comes back to the tab.
 */
export async function handleDeliveryAction(
  formData: FormData,
  context: { db: Database; clientId: number; config: DeliveryConfig; t: Translate },
) {
  const { db, clientId, config, t } = context;
  const tabPath = `/admin/clients/${clientId}?tab=delivery`;
  const tr = (key: string) => t(key, { ns: "deliveries" });
  switch (formData.get("intent")) {
    case "rotate-webhook-secret":
      await rotateWebhookSecret(db, clientId);
      return redirectWithSuccess(tabPath, tr("tab.rotated"));
    case "resend-delivery": {
      const parsed = resendSchema.safeParse({ deliveryId: formData.get("deliveryId") });
      const result = parsed.success
        ? await resendLeadDelivery(db, { clientId, deliveryId: parsed.data.deliveryId, config })
        : undefined;
      if (!result) return redirectWithError(tabPath, tr("tab.resendBusy"));
      return result.delivered
        ? redirectWithSuccess(tabPath, { message: tr("tab.resent"), description: tr("tab.resentDelivered") })
        : redirectWithError(tabPath, { message: tr("tab.resent"), description: tr("tab.resentFailed") });
    }
    default: {
      const submission = parseForm(formData, { schema: deliverySettingsSchema });
      if (submission.status !== "success") return data({ delivery: submission.reply() }, { status: 400 });
      const { language, webhookUrl = null } = submission.value;
      const saved = await saveDeliverySettings(db, clientId, { language, webhookUrl }, config.allowHosts);
      if (saved.problem) {
        return data(
          { delivery: submission.reply({ fieldErrors: { webhookUrl: [`errors.${saved.problem}`] } }) },
          { status: 400 },
        );
      }
      return redirectWithSuccess(tabPath, tr("tab.saved"));
    }
  }
}
