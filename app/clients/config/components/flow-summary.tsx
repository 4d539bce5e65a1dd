import { useTranslation } from "react-i18next";
import { CAPABILITIES } from "#db/vocabulary.ts";
import { TitledCard } from "~/components/ui/card.tsx";
import { useCodeLabels } from "~/i18n/code-labels.ts";
import { formatNumber, isolate } from "~/lib/format.ts";
import { PROMPT_EXCERPT_CHARS } from "../config-tabs.ts";
import { promptKey } from "../sales-config-schema.ts";
import type { SalesConfigView } from "../sales-config.server.ts";

type FlowSummaryProps = {
  data: {
    client: {
      businessName: string;
      businessType: string;
      websiteDomain: string;
      plan: string;
      status: string;
      licenseKey: string;
    };
    salesConfig: SalesConfigView;
    training: { greeting: string; tone: string; salesFlow: string[] } | null;
    knowledgeEntries: number;
    pluginVersion: string;
  };
};

/** The Flow Summary tab, read-only, written from this client's saved data (in the page's language). */
export function FlowSummary({ data }: FlowSummaryProps) {
  const { t, i18n } = useTranslation("client-config");
  const labels = useCodeLabels();
  const { client, salesConfig, training, knowledgeEntries } = data;
  const number = (value: number) => formatNumber(value, i18n.language);
  const active = CAPABILITIES.filter((capability) => salesConfig.alexCapabilities[capability]);
  const prompts = CAPABILITIES.map((capability) => ({
    capability,
    prompt: salesConfig.alexCapabilities[promptKey(capability)],
  })).filter((entry) => entry.prompt);
  const firstTopic = salesConfig.knowledgeBase[0];
  const website = salesConfig.businessName || client.businessName;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TitledCard id="summary-client" title={t("summary.client")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">{t("summary.client")}</dt>
          <dd>
            <bdi>{client.businessName}</bdi>
          </dd>
          <dt className="font-medium">{t("summary.businessType")}</dt>
          <dd>{labels.businessType(client.businessType)}</dd>
          <dt className="font-medium">{t("summary.website")}</dt>
          <dd dir="ltr" translate="no" className="text-start break-all">
            {client.websiteDomain}
          </dd>
          <dt className="font-medium">{t("summary.plan")}</dt>
          <dd>{t(`plans.${client.plan}`)}</dd>
          <dt className="font-medium">{t("summary.status")}</dt>
          <dd>{t(`statuses.${client.status}`)}</dd>
        </dl>
      </TitledCard>

      <TitledCard id="summary-capabilities" title={t("summary.activeCapabilities")}>
        {active.length === 0 ? (
          <p className="text-sm text-slate-600">{t("summary.noneActive")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {active.map((capability) => (
              <li key={capability} className="rounded-full bg-brand-100 px-3 py-1 text-sm text-brand-800">
                {t(`capabilities.names.${capability}`)}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>

      <TitledCard id="summary-flow" title={t("summary.exampleFlow")}>
        <ol className="list-decimal space-y-2 ps-5 text-sm text-slate-700">
          <li>{t("summary.visitorOpens", { website: isolate(client.websiteDomain || website) })}</li>
          <li>{training?.greeting ? t("summary.greets", { greeting: training.greeting }) : t("summary.noGreeting")}</li>
          {(training?.salesFlow ?? []).map((stage, index) => (
            <li key={stage}>{t("summary.stage", { number: number(index + 1), stage: labels.salesStage(stage) })}</li>
          ))}
          <li>
            {firstTopic
              ? t("summary.answersFrom", { topic: firstTopic.topic, count: number(knowledgeEntries - 1) })
              : t("summary.noKnowledge")}
          </li>
          {salesConfig.pricing ? <li>{t("summary.pricing", { pricing: salesConfig.pricing })}</li> : null}
          <li>{t("summary.style", { style: t(`salesStyles.${salesConfig.salesStyle}`) })}</li>
        </ol>
      </TitledCard>

      <TitledCard id="summary-integration" title={t("summary.integration")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">{t("apiTab.licenseKey")}</dt>
          <dd dir="ltr" className="text-start break-all">
            <code>{client.licenseKey}</code>
          </dd>
          <dt className="font-medium">{t("apiTab.plugin")}</dt>
          <dd dir="ltr" className="text-start">
            v{data.pluginVersion}
          </dd>
          <dt className="font-medium">{t("summary.knowledgeEntries")}</dt>
          <dd>{number(knowledgeEntries)}</dd>
          <dt className="font-medium">{t("summary.websiteUrls")}</dt>
          <dd>{number(salesConfig.websiteUrls.split("\n").filter(Boolean).length)}</dd>
          <dt className="font-medium">{t("summary.training")}</dt>
          <dd>{training ? t("summary.trainingYes", { tone: labels.tone(training.tone) }) : t("summary.trainingNo")}</dd>
        </dl>
      </TitledCard>

      <TitledCard id="summary-prompts" title={t("summary.prompts")}>
        {prompts.length === 0 ? (
          <p className="text-sm text-slate-600">{t("summary.noPrompts")}</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {prompts.map(({ capability, prompt }) => (
              <li key={capability}>
                <p className="font-medium">{t(`capabilities.names.${capability}`)}</p>
                <p className="whitespace-pre-line text-slate-700">
                  {prompt.slice(0, PROMPT_EXCERPT_CHARS)}
                  {prompt.length > PROMPT_EXCERPT_CHARS ? "…" : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>

      <TitledCard id="summary-metrics" title={t("summary.metrics")}>
        <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
          <li>{t("summary.metricMatch")}</li>
          <li>{t("summary.metricSuppliers")}</li>
          <li>{t("summary.metricDuration")}</li>
        </ul>
      </TitledCard>
    </div>
  );
}
