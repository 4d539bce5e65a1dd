import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { dataWithError, redirectWithError, redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import type { Permission } from "~/auth/permissions.ts";
import { CHANNEL_INTENTS, TRIAL_INTENTS, type TrialIntent } from "~/channels/channel-schema.ts";
import { handleChannelTrial } from "~/channels/channel-trial.server.ts";
import { handleChannelsAction, loadChannelsTab } from "~/channels/channels-tab.server.ts";
import { isConfirmed } from "~/components/ui/confirm.tsx";
import { DELIVERY_INTENTS, handleDeliveryAction, loadDeliveryTab } from "~/leads/delivery-settings.server.ts";
import type { DeliveryConfig } from "~/leads/lead-delivery.server.ts";
import { findClientById, listClientStatusChanges, updateClient } from "~/models/client.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { monthOf, monthRange } from "~/lib/calendar.ts";
import { sumClientChargesSince } from "~/models/message.server.ts";
import {
  getClientUsageTotals,
  listDailyUsage,
  listLatestClientSessions,
  sumClientTokensSince,
} from "~/models/usage.server.ts";
import { loadAccessLogTab, type AccessRecord } from "~/privacy/access-log.server.ts";
import { ERASE_INTENT, handleEraseAction, loadPrivacyTab } from "~/privacy/visitor-data-tab.server.ts";
import { syncHivePress } from "~/scanner/hivepress.server.ts";
import { loadTrainingHistory } from "~/training/training-history.server.ts";
import { statusChangeSchema } from "./client-schema.ts";
import { findClientByRawId } from "./clients.server.ts";
import { HARMFUL_STATUSES, type ClientTab } from "./client-tabs.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The client page shows at most 10 usage days and 10 sessions. */
const RECENT_LIMIT = 10;

async function loadTab(
  db: Database,
  clientId: number,
  tab: ClientTab,
  {
    timeZone,
    mailEnabled,
    search,
    origin,
  }: { timeZone: string; mailEnabled: boolean; search: URLSearchParams; origin: string },
) {
  switch (tab) {
    case "overview":
      return { tab, totals: await getClientUsageTotals(db, clientId) };
    case "usage": {
      // The bills' month (TZ_DISPLAY): its charges so far beside the model tokens they took.
      const month = monthRange(monthOf(new Date(), timeZone), timeZone);
      const [days, monthTokens] = await Promise.all([
        listDailyUsage(db, clientId, { since: "all", timeZone, limit: RECENT_LIMIT }),
        sumClientTokensSince(db, clientId, month.start),
      ]);
      return { tab, days, monthTokens };
    }
    case "sessions":
      return { tab, sessions: await listLatestClientSessions(db, clientId, RECENT_LIMIT) };
    case "training": {
      const [config, history] = await Promise.all([
        findTrainingConfig(db, clientId),
        loadTrainingHistory(db, clientId),
      ]);
      return {
        tab,
        training: config ? { greeting: config.greeting, tone: config.tone, businessInfo: config.businessInfo } : null,
        history,
      };
    }
    case "delivery":
      return { tab, delivery: (await loadDeliveryTab(db, clientId, { mailEnabled }))! };
    case "channels":
      return { tab, channels: await loadChannelsTab(db, clientId, origin) };
    case "privacy":
      return { tab, privacy: await loadPrivacyTab(db, clientId, search) };
    case "settings":
      return { tab, history: await listClientStatusChanges(db, clientId) };
    case "access":
      return { tab, accessLog: await loadAccessLogTab(db, clientId, search.get("page")) };
  }
}

/** The client (`clientId` from the path) and what its chosen tab (`?tab=`) shows; undefined when there is no such client. */
export async function loadClientPage(
  db: Database,
  {
    clientId,
    search,
    timeZone,
    mailEnabled,
    origin,
    tabs,
  }: {
    clientId: string;
    search: URLSearchParams;
    timeZone: string;
    mailEnabled: boolean;
    /** Our public origin, which the Channels tab's webhook addresses start with. */
    origin: string;
    /** The tabs the signed-in person's role opens (clientTabsFor): any other is read as the overview. */
    tabs: readonly ClientTab[];
  },
) {
  const client = await findClientByRawId(db, clientId);
  if (!client) return undefined;
  return {
    timeZone,
    now: new Date(),
    client: {
      id: client.id,
      businessName: client.businessName,
      businessType: client.businessType,
      websiteDomain: client.websiteDomain,
      ownerEmail: client.ownerEmail,
      contactEmail: client.contactEmail,
      status: client.status,
      plan: client.plan,
      licenseKey: client.licenseKey,
      monthlyFeeCents: client.monthlyFeeCents,
      onboardingPaid: client.onboardingPaid,
      createdAt: client.createdAt,
    },
    usageCeiling: await usageCeilingOf(db, client, timeZone),
    view: await loadTab(db, client.id, tabs.find((tab) => tab === search.get("tab")) ?? "overview", {
      timeZone,
      mailEnabled,
      search,
      origin,
    }),
  };
}

/** From this share of the ceiling on, the client page warns that new conversations will soon wait. */
export const CEILING_WARNING_SHARE = 0.8;

/**
 * This month's usage charges against the client's monthly ceiling (the bills' month, TZ_DISPLAY):
 * "near" from 80 %, "reached" when new conversations wait; null without a ceiling.
 */
async function usageCeilingOf(
  db: Database,
  client: { id: number; monthlyUsageCeilingCents: number | null },
  timeZone: string,
  now = new Date(),
) {
  if (client.monthlyUsageCeilingCents === null) return null;
  const month = monthRange(monthOf(now, timeZone), timeZone);
  const chargedCents = await sumClientChargesSince(db, client.id, month.start);
  const ceilingCents = client.monthlyUsageCeilingCents;
  const state =
    chargedCents >= ceilingCents ? "reached" : chargedCents >= ceilingCents * CEILING_WARNING_SHARE ? "near" : "ok";
  return { chargedCents, ceilingCents, state } as const;
}

export type ClientPageData = NonNullable<Awaited<ReturnType<typeof loadClientPage>>>;

export type ClientActionContext = {
  db: Database;
  clientId: number;
  operatorId: number;
  allowHosts: readonly string[];
  /** The Lead delivery tab's Resend sends with it. */
  deliveryConfig: DeliveryConfig;
  /** Where Sync Data comes back to: the page and tab it came from. */
  backPath: string;
  /** Our public origin: the Channels tab gives Telegram our webhook's address. */
  origin: string;
  /** Writes the access log for what the post did to a visitor's data. */
  recordAccess: (record: AccessRecord) => void;
  t: Translate;
};

/**
 * What a post of the page needs, by its intent: Sync Data fills the knowledge base (training); erasing a
 * visitor's data is a visitors' data request; the channels (and trying them: a check or a test message
 * uses the client's own tokens), the lead delivery and the status are the client's account.
 */
export function clientIntentPermission(intent: FormDataEntryValue | null): Permission {
  if (intent === "sync") return "training.edit";
  if (intent === ERASE_INTENT) return "visitorData.export";
  return "clients.manage";
}

/**
 * The page's posts: the Lead delivery tab's (app/leads/delivery-settings.server.ts), the Channels tab's
 * (app/channels/channels-tab.server.ts), Sync Data (`intent=sync`, the HivePress listings into the knowledge base) and
 * the Settings tab's Activate, Suspend and Cancel (a new status, kept in the audit trail). Both come
 * back to the page with a toast, with or without JavaScript. Suspend and Cancel act only when
 * confirmed; without the confirmation the answer is the confirmation step (app/components/ui/confirm.tsx).
 */
export async function handleClientAction(
  formData: FormData,
  { db, clientId, operatorId, allowHosts, deliveryConfig, backPath, origin, recordAccess, t }: ClientActionContext,
) {
  if ((CHANNEL_INTENTS as readonly unknown[]).includes(formData.get("intent"))) {
    if (!(await findClientById(db, clientId))) throw data(null, { status: 404 });
    return handleChannelsAction(formData, { db, clientId, origin, t });
  }
  const intent = formData.get("intent");
  if ((TRIAL_INTENTS as readonly unknown[]).includes(intent)) {
    if (!(await findClientById(db, clientId))) throw data(null, { status: 404 });
    return handleChannelTrial(formData, intent as TrialIntent, { db, clientId, personId: operatorId, origin, t });
  }
  if ((DELIVERY_INTENTS as readonly unknown[]).includes(formData.get("intent"))) {
    if (!(await findClientById(db, clientId))) throw data(null, { status: 404 });
    return handleDeliveryAction(formData, { db, clientId, config: deliveryConfig, t });
  }
  if (formData.get("intent") === ERASE_INTENT)
    return handleEraseAction(db, {
      clientId,
      operatorId,
      formData,
      recordAccess,
      backPath: `/admin/clients/${clientId}?tab=privacy`,
      t,
    });
  if (formData.get("intent") === "sync") {
    const client = await findClientById(db, clientId);
    if (!client) throw data(null, { status: 404 });
    const result = await syncHivePress(db, client, { allowHosts });
    if (result.success) {
      return redirectWithSuccess(backPath, {
        message: t("detail.syncDone", { ns: "clients" }),
        description: t("sync.done", { ns: "client-config", count: result.listings }),
      });
    }
    return redirectWithError(backPath, {
      message: t("detail.syncFailed", { ns: "clients" }),
      description: `${t("detail.syncFailedDescription", { ns: "clients" })}: ${t(`sync.failure.${result.failure}`, { ns: "client-config", status: result.status })}`,
    });
  }
  const submission = parseForm(formData, { schema: statusChangeSchema });
  if (submission.status !== "success") {
    return dataWithError({ result: submission.reply() }, t("errors.statusInvalid", { ns: "clients" }), { status: 400 });
  }
  if (HARMFUL_STATUSES.includes(submission.value.status) && !isConfirmed(formData))
    return { confirmStatus: submission.value.status };
  const client = await updateClient(db, clientId, { status: submission.value.status }, operatorId);
  if (!client) throw data(null, { status: 404 });
  const status = t(`status.${client.status}`, { ns: "clients" });
  return redirectWithSuccess(`/admin/clients/${client.id}?tab=settings`, {
    message: t("detail.settings.updated", { ns: "clients" }),
    description: t("detail.settings.updatedDescription", { ns: "clients", name: client.businessName, status }),
  });
}
