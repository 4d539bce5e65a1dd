import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/plugin";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findClientForPlugin } from "~/models/client.server.ts";
import { PluginCardHeading, PluginGuide, PLUGIN_FEATURES } from "~/plugin/components/plugin-guide.tsx";
import { PLUGIN_VERSION } from "~/plugin/plugin-zip.server.ts";

export const handle = { i18n: ["portal-business", "plugin"] };

export async function loader({ context }: Route.LoaderArgs) {
  const client = await findClientForPlugin(context.get(databaseContext), {
    clientId: context.get(portalClientContext),
  });
  return {
    title: getTranslator(context)("plugin.title", { ns: "portal-business" }),
    version: PLUGIN_VERSION,
    licenseKey: client?.licenseKey ?? "",
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Plugin"} | Alex` }];

const INSTALL_STEPS = ["download", "upload", "activate", "check", "settings"] as const;
/** A business needs not the status route nor the listings sync the back-office explains. */
const FEATURES = PLUGIN_FEATURES.filter((feature) => feature !== "status" && feature !== "listings");

export default function PortalPlugin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portal-business");
  const { version, licenseKey } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title={t("plugin.title")} description={t("plugin.subtitle")} />

      <Card aria-labelledby="plugin-download-title" className="space-y-4">
        <PluginCardHeading title={t("plugin.download")} version={version} />
        <Button asChild>
          <a href="/portal/plugin/download" download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("plugin.download")}
          </a>
        </Button>
        <p className="text-sm text-slate-600">
          {t("plugin.licenseKey")}:{" "}
          <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900">
            {licenseKey}
          </code>
        </p>
      </Card>

      <PluginGuide
        stepsTitle={t("plugin.steps.title")}
        steps={INSTALL_STEPS.map((step) => t(`plugin.steps.${step}`))}
        features={FEATURES}
      />
    </div>
  );
}
