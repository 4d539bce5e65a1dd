import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { dataWithError, dataWithSuccess, redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { runRecordedFullClientTest } from "~/checks/system-checks.server.ts";
import { businessHoursForm, handleBusinessHoursAction } from "~/hours/business-hours.server.ts";
import { handleRetentionAction, privacySettingsOf } from "~/privacy/retention.server.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import type { Client } from "~/models/client.server.ts";
import { updateClient } from "~/models/client.server.ts";
import { countKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { handleScanForm, type ScanIntent } from "./scan-form.server.ts";
import { recordTrainingChange, type TrainingEditor } from "~/training/training-history.server.ts";
import { clientDetailsFormSchema } from "./details-schema.ts";
import { handlePersonHandoverAction, personHandoverOf } from "./person-handover.server.ts";
import { sitesFormSchema } from "./sites-schema.ts";
import { frameAncestorSources } from "~/sites/frame-ancestors.ts";
import { businessConfigFormSchema, capabilityFormSchema, promptKey } from "./sales-config-schema.ts";
import { salesConfigView, updateSalesConfig } from "./sales-config.server.ts";
import { CAPABILITIES } from "#db/vocabulary.ts";
import { monthlyFeeOf } from "#db/price-list.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

export type ConfigActionContext = {
  db: Database;
  client: Client;
  operatorId: number | null;
  /** Who posts: the training history names them for the hours and the scans. */
  editor: TrainingEditor;
  allowHosts: readonly string[];
  serverUrl: string;
  /** The full client test's external checks read the AI provider from it and answer in this language. */
  env: Env;
  language: Language;
  /** Where a successful post redirects to, with its toast: the page and tab it came from. */
  pageUrl: string;
  t: Translate;
  /** The full-client test speaks the `clients` namespace. */
  tClients: Translate;
};

/** What every tab of the settings page reads. */
export async function loadConfigPage(db: Database, client: Client) {
  const [salesConfig, training, knowledgeEntries, businessHours, privacy] = await Promise.all([
    salesConfigView(db, client.id),
    findTrainingConfig(db, client.id),
    countKnowledgeEntries(db, client.id),
    businessHoursForm(db, client.id),
    privacySettingsOf(db, client.id),
  ]);
  return {
    client: {
      id: client.id,
      businessName: client.businessName,
      contactEmail: client.contactEmail ?? "",
      websiteDomain: client.websiteDomain,
      businessType: client.businessType,
      licenseKey: client.licenseKey,
      plan: client.plan,
      status: client.status,
      billingCurrency: client.billingCurrency,
    },
    person: personHandoverOf(client),
    sites: {
      domainOrigins: frameAncestorSources(client.websiteDomain),
      allowedOrigins: client.allowedOrigins,
      sessionsPerVisitorPerHour: client.sessionsPerVisitorPerHour,
      sessionsPerAddressPerHour: client.sessionsPerAddressPerHour,
      monthlyUsageCeiling: client.monthlyUsageCeilingCents === null ? null : client.monthlyUsageCeilingCents / 100,
    },
    salesConfig,
    training: training ? { greeting: training.greeting, tone: training.tone, salesFlow: training.salesFlow } : null,
    knowledgeEntries,
    businessHours,
    privacy,
  };
}

/** The page's forms, told apart by `intent`. Failures answer 400 with Conform's reply; successes a toast. */
export async function handleConfigAction(formData: FormData, context: ConfigActionContext) {
  const { db, client, t } = context;
  switch (formData.get("intent")) {
    case "details": {
      const submission = parseForm(formData, { schema: clientDetailsFormSchema });
      if (submission.status !== "success")
        return data({ intent: "details", result: submission.reply() }, { status: 400 });
      const { billingCurrency } = submission.value;
      await updateClient(
        db,
        client.id,
        {
          ...submission.value,
          contactEmail: submission.value.contactEmail ?? null,
          // A client moved to another currency pays that currency's price list fee: cents are not agorot.
          ...(billingCurrency && billingCurrency !== client.billingCurrency
            ? { monthlyFeeCents: monthlyFeeOf(billingCurrency) }
            : {}),
        },
        context.operatorId,
      );
      return redirectWithSuccess(context.pageUrl, t("details.saved"));
    }
    case "person":
      return handlePersonHandoverAction(db, client.id, formData, {
        pageUrl: context.pageUrl,
        message: t("person.saved"),
        personId: context.operatorId,
      });
    case "retention":
      return handleRetentionAction(db, client.id, formData, { pageUrl: context.pageUrl, message: t("privacy.saved") });
    case "hours":
      return handleBusinessHoursAction(db, client.id, formData, {
        pageUrl: context.pageUrl,
        message: t("hours.saved"),
        onSaved: (tx) => recordTrainingChange(tx, { clientId: client.id, editor: context.editor, kind: "hours" }),
      });
    case "sites": {
      const submission = parseForm(formData, { schema: sitesFormSchema });
      if (submission.status !== "success")
        return data({ intent: "sites", result: submission.reply() }, { status: 400 });
      await updateClient(db, client.id, submission.value, context.operatorId);
      return redirectWithSuccess(context.pageUrl, t("sites.saved"));
    }
    case "business": {
      const submission = parseForm(formData, { schema: businessConfigFormSchema });
      if (submission.status !== "success")
        return data({ intent: "business", result: submission.reply() }, { status: 400 });
      const { businessName, pricing, salesStyle } = submission.value;
      const values = submission.value as Record<string, unknown>;
      const alexCapabilities = Object.fromEntries(
        CAPABILITIES.map((capability) => [capability, values[capability] === "on"]),
      );
      await updateSalesConfig(db, client.id, { businessName, pricing, salesStyle, alexCapabilities });
      return redirectWithSuccess(context.pageUrl, t("saved"));
    }
    case "capability": {
      const submission = parseForm(formData, { schema: capabilityFormSchema });
      if (submission.status !== "success")
        return data({ intent: "capability", result: submission.reply() }, { status: 400 });
      const { capability, enabled, prompt } = submission.value;
      await updateSalesConfig(db, client.id, {
        alexCapabilities: { [capability]: enabled === "on", [promptKey(capability)]: prompt },
      });
      const name = t(`capabilities.names.${capability}`);
      return redirectWithSuccess(context.pageUrl, t("capability.saved", { name }));
    }
    case "urls":
    case "scan":
    case "scanSummary":
      return handleScanForm(formData.get("intent") as ScanIntent, formData, {
        db,
        clientId: client.id,
        allowHosts: context.allowHosts,
        pageUrl: context.pageUrl,
        t,
        onScanned: (urls) =>
          recordTrainingChange(db, {
            clientId: client.id,
            editor: context.editor,
            kind: "scan",
            subject: urls.join(" "),
          }),
      });
    case "test": {
      const result = await runRecordedFullClientTest({
        db,
        client,
        serverUrl: context.serverUrl,
        env: context.env,
        language: context.language,
        t: context.tClients,
      });
      const passed = result.summary.passed === result.summary.total;
      const payload = { intent: "test" as const, result: null, test: result };
      // Without JavaScript the result on the page is the answer: a toast would only show on the next page.
      if (formData.get("enhanced") !== "true") return data(payload);
      return passed
        ? dataWithSuccess(payload, t("test.allPassed"))
        : dataWithError(payload, { message: t("test.issues"), description: t("test.passed", result.summary) });
    }
    default:
      return data({ intent: "unknown", result: null }, { status: 400 });
  }
}
