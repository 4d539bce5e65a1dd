import { CheckCircle2, Puzzle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "~/components/ui/card.tsx";

/** The plugin's features, as both the back-office's and a business's plugin page list them. */
export const PLUGIN_FEATURES = ["button", "lazy", "languages", "status", "listings"] as const;

/**
 * The install steps, numbered, beside what the plugin does: the steps' texts are the page's own (an
 * operator installs it for a client, a business on its own site), the features the `plugin` texts.
 */
export function PluginGuide({
  stepsTitle,
  steps,
  features,
}: {
  stepsTitle: string;
  steps: readonly string[];
  features: readonly (typeof PLUGIN_FEATURES)[number][];
}) {
  const { t } = useTranslation("plugin");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TitledCard id="plugin-steps-title" title={stepsTitle}>
        <ol className="space-y-3">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span className="pt-0.5 text-slate-700">{step}</span>
            </li>
          ))}
        </ol>
      </TitledCard>

      <TitledCard id="plugin-features-title" title={t("features.title")}>
        <ul className="space-y-3">
          {features.map((feature) => (
            <li key={feature} className="flex gap-3 text-slate-700">
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" />
              <span>{t(`features.${feature}`)}</span>
            </li>
          ))}
        </ul>
      </TitledCard>
    </div>
  );
}

/** The download card's heading (its id `plugin-download-title`): the plugin's name, version and what it needs. */
export function PluginCardHeading({ title, version }: { title: string; version: string }) {
  const { t } = useTranslation("plugin");
  return (
    <div className="flex flex-wrap items-start gap-4">
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
        <Puzzle className="h-6 w-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="plugin-download-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600">
          {t("plugin.name")} · <span className="font-medium text-slate-900">{t("plugin.version", { version })}</span> ·{" "}
          {t("plugin.requirements")}
        </p>
      </div>
    </div>
  );
}
