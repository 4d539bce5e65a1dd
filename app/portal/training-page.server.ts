import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import type { Database } from "#db/connection.ts";
import { salesConfigView } from "~/clients/config/sales-config.server.ts";
import { isConfirmed } from "~/components/ui/confirm.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import type { Env } from "~/env.server.ts";
import { businessHoursForm, handleBusinessHoursAction } from "~/hours/business-hours.server.ts";
import type { Language } from "~/i18n/config.ts";
import type { Client } from "~/models/client.server.ts";
import { listKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { handleScanForm, isScanIntent } from "~/clients/config/scan-form.server.ts";
import { addFaqEntry, changeFaqEntry, saveBusinessInfo, saveGreeting } from "~/training/training-changes.server.ts";
import { loadTrainingHistory, recordTrainingChange, type TrainingEditor } from "~/training/training-history.server.ts";
import { handleTrainingAction } from "~/training/training-page.server.ts";
import {
  businessInfoFormSchema,
  FAQ_LIMITS,
  faqEntryFormSchema,
  faqEntryIdSchema,
  greetingFormSchema,
} from "~/training/training-schema.ts";
import { frameAncestorSources } from "~/sites/frame-ancestors.ts";
import { gapIdSchema } from "~/gaps/gap-schema.ts";
import { answerGapsWithFaq, gapToAnswer, loadGaps } from "~/gaps/gaps.server.ts";
import { modelSettingsFrom } from "~/assistant/assistant.server.ts";
import { isTestQuestionIntent } from "~/test-questions/test-question-schema.ts";
import { handleTestQuestionAction } from "~/test-questions/test-questions.server.ts";
import { PORTAL_TRAINING_TABS, trainingTabPath } from "./training-tabs.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

const tabSchema = z.enum(PORTAL_TRAINING_TABS).catch("faq");

/** What the chosen tab of the business's training page shows: its own client's, and nothing else. */
export async function loadPortalTraining(
  db: Database,
  client: Client,
  requestedTab: string | null,
  requestedGap: string | null = null,
) {
  const tab = tabSchema.parse(requestedTab ?? undefined);
  const domain = client.websiteDomain;
  switch (tab) {
    case "faq": {
      const entries = await listKnowledgeEntries(db, client.id, "faq");
      return {
        tab,
        clientId: client.id,
        maxEntries: FAQ_LIMITS.rows,
        faq: entries.map((entry) => ({ id: entry.id, q: entry.topic, a: entry.content })),
        // "Answer this" on a gap: its question waits in the new entry's form.
        gap: (await gapToAnswer(db, client.id, requestedGap, FAQ_LIMITS.question)) ?? null,
      } as const;
    }
    case "gaps":
      return { tab, gaps: await loadGaps(db, client.id) } as const;
    // Every tab has the test questions (app/routes/portal/training.tsx: what fails shows above them).
    case "tests":
      return { tab } as const;
    case "greeting":
    case "info": {
      const training = await findTrainingConfig(db, client.id);
      return {
        tab,
        greeting: training?.greeting ?? "",
        greetingEn: training?.greetingEn ?? "",
        businessInfo: training?.businessInfo ?? "",
      } as const;
    }
    case "hours":
      return { tab, hours: await businessHoursForm(db, client.id) } as const;
    case "scanner":
      return { tab, domain, salesConfig: await salesConfigView(db, client.id) } as const;
    case "history":
      return { tab, history: await loadTrainingHistory(db, client.id) } as const;
  }
}

export type PortalTrainingView = Awaited<ReturnType<typeof loadPortalTraining>>;

/** The hosts of the business's own site: its domain, its `www.` twin and subdomains, and the extra sites of its list. */
export function ownSiteCheck(client: Pick<Client, "websiteDomain" | "allowedOrigins">) {
  const hostOf = (origin: string) => {
    try {
      return new URL(origin).hostname.toLowerCase();
    } catch {
      return null;
    }
  };
  const hosts = new Set(
    [...frameAncestorSources(client.websiteDomain), ...client.allowedOrigins].flatMap((origin) => hostOf(origin) ?? []),
  );
  const bare = [...hosts].map((host) => host.replace(/^www\./, "")).filter((host) => host.includes("."));
  return (url: string) => {
    const host = hostOf(url);
    return host !== null && (hosts.has(host) || bare.some((domain) => host.endsWith(`.${domain}`)));
  };
}

export type PortalTrainingContext = {
  db: Database;
  env: Env;
  language: Language;
  client: Client;
  editor: TrainingEditor;
  /** The `portal-training` namespace; `tConfig` the `client-config` one (the reused forms speak it); `tTests` the `test-questions` one. */
  t: Translate;
  tConfig: Translate;
  tTests: Translate;
};

const refused = (intent: string, result: unknown, extra: Record<string, unknown> = {}) =>
  data({ intent, result, ...extra }, { status: 400 });

/**
 * The page's posts by `intent`: an FAQ entry added, fixed or removed (removal confirmed first), the
 * greeting, the business information, the hours, the scanner's list and scan, a chat preview
 * turn, and the test questions (added, changed, deleted, run). Every one acts on the business of the session only, and every change lands in its history
 * with the person who made it. Refused input answers 400 with the form's reasons; a success comes
 * back to its tab with a toast.
 */
export async function handlePortalTrainingAction(formData: FormData, context: PortalTrainingContext) {
  const { db, client, editor, t } = context;
  const scope = { db, client, editor };
  const intent = formData.get("intent");
  if (isTestQuestionIntent(intent)) {
    return handleTestQuestionAction(intent, formData, {
      db,
      modelSettings: modelSettingsFrom(context.env),
      client,
      pagePath: trainingTabPath("tests"),
      t: context.tTests,
    });
  }
  switch (intent) {
    case "faqAdd": {
      const submission = parseForm(formData, { schema: faqEntryFormSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      if ((await addFaqEntry(scope, submission.value)) === "full")
        return refused(intent, submission.reply({ formErrors: [t("faq.full", { max: FAQ_LIMITS.rows })] }));
      const gapId = gapIdSchema.safeParse(formData.get("gapId"));
      if (gapId.success) await answerGapsWithFaq(db, client.id, [submission.value.q], gapId.data);
      return redirectWithSuccess(trainingTabPath("faq"), t("faq.added"));
    }
    case "faqEdit":
    case "faqRemove": {
      const entryId = faqEntryIdSchema.safeParse(formData.get("faqId"));
      if (!entryId.success) throw data(null, { status: 404 });
      if (intent === "faqRemove") {
        if (!isConfirmed(formData)) return { intent, result: null, confirmRemove: entryId.data };
        if ((await changeFaqEntry(scope, entryId.data, null)) === "notFound") throw data(null, { status: 404 });
        return redirectWithSuccess(trainingTabPath("faq"), t("faq.removed"));
      }
      const submission = parseForm(formData, { schema: faqEntryFormSchema });
      if (submission.status !== "success") return refused(intent, submission.reply(), { faqId: entryId.data });
      if ((await changeFaqEntry(scope, entryId.data, submission.value)) === "notFound")
        throw data(null, { status: 404 });
      return redirectWithSuccess(trainingTabPath("faq"), t("faq.saved"));
    }
    case "greeting": {
      const submission = parseForm(formData, { schema: greetingFormSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      const changed = await saveGreeting(scope, submission.value);
      return redirectWithSuccess(trainingTabPath("greeting"), t(changed ? "greeting.saved" : "faq.unchanged"));
    }
    case "info": {
      const submission = parseForm(formData, { schema: businessInfoFormSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      const changed = await saveBusinessInfo(scope, submission.value.businessInfo);
      return redirectWithSuccess(trainingTabPath("info"), t(changed ? "info.saved" : "faq.unchanged"));
    }
    case "hours":
      return handleBusinessHoursAction(db, client.id, formData, {
        pageUrl: trainingTabPath("hours"),
        message: context.tConfig("hours.saved"),
        onSaved: (tx) => recordTrainingChange(tx, { clientId: client.id, editor, kind: "hours" }),
      });
    case "preview": {
      // The preview speaks to the session's business, whatever client the post names.
      formData.set("clientId", String(client.id));
      return handleTrainingAction(formData, {
        db,
        env: context.env,
        language: context.language,
        editor,
        t: context.tConfig,
      });
    }
    default: {
      if (!isScanIntent(intent)) return data({ intent: "unknown", result: null }, { status: 400 });
      const isOwn = ownSiteCheck(client);
      return handleScanForm(intent, formData, {
        db,
        clientId: client.id,
        allowHosts: context.env.SCANNER_ALLOW_HOSTS,
        pageUrl: trainingTabPath("scanner"),
        t: context.tConfig,
        refuseUrl: (url) => (isOwn(url) ? null : t("scanner.notOwnSite", { domain: client.websiteDomain, url })),
        onScanned: (urls) =>
          recordTrainingChange(db, { clientId: client.id, editor, kind: "scan", subject: urls.join(" ") }),
      });
    }
  }
}
