import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import type { Route } from "./+types/plugin";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import { PluginDownloadForm } from "~/plugin/components/plugin-download-form.tsx";
import { serverUrlFor } from "~/plugin/download.server.ts";
import { PluginCardHeading, PluginGuide, PLUGIN_FEATURES } from "~/plugin/components/plugin-guide.tsx";
import { PLUGIN_VERSION } from "~/plugin/plugin-zip.server.ts";

const selectedClientSchema = z.coerce.number().int().positive().nullable().catch(null);

export const handle = { i18n: ["plugin"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const env = context.get(envContext);
  return {
    title: getTranslator(context)("title", { ns: "plugin" }),
    version: PLUGIN_VERSION,
    clients: await listClientsForPicker(context.get(databaseContext)),
    selectedId: selectedClientSchema.parse(url.searchParams.get("clientId")),
    serverUrl: serverUrlFor(env, request),
    serverUrlFromEnv: Boolean(env.PUBLIC_URL),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Plugin Manager"} | Alex` },
];

const INSTALL_STEPS = ["download", "upload", "activate", "check", "settings"] as const;
/** Setting names and WordPress capabilities inside a sentence: code, left to right, never translated. */
const CODE = { code: <code dir="ltr" className="rounded bg-slate-100 px-1 text-xs" /> };

const FEATURES = PLUGIN_FEATURES;

export default function PluginManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("plugin");
  const { version, clients, selectedId, serverUrl, serverUrlFromEnv } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("subtitle")} />

      <Card aria-labelledby="plugin-download-title" className="space-y-4">
        <PluginCardHeading title={t("download.title")} version={version} />
        <p className="text-slate-700">{t("download.intro")}</p>
        <PluginDownloadForm clients={clients} selectedId={selectedId} />
        <p className="text-sm text-slate-600">
          {t("download.serverAddress")}:{" "}
          <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900">
            {serverUrl}
          </code>{" "}
          <Trans
            t={t}
            i18nKey={serverUrlFromEnv ? "download.fromPublicUrl" : "download.fromRequest"}
            components={CODE}
          />
        </p>
      </Card>

      <PluginGuide
        stepsTitle={t("steps.title")}
        steps={INSTALL_STEPS.map((step) => t(`steps.${step}`))}
        features={FEATURES}
      />

      <TitledCard id="plugin-settings-title" title={t("settings.title")}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-900">{t("settings.licenseKey")}</dt>
          <dd className="text-slate-700">{t("settings.licenseKeyDefault")}</dd>
          <dt className="font-medium text-slate-900">{t("settings.serverUrl")}</dt>
          <dd className="min-w-0 text-slate-700">
            <code dir="ltr" className="break-all">
              {serverUrl}
            </code>
          </dd>
        </dl>
        <p className="mt-4 text-sm text-slate-600">
          <Trans t={t} i18nKey="settings.capability" components={CODE} />
        </p>
      </TitledCard>
    </div>
  );
}
