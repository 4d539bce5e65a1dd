import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { opensPage } from "~/auth/permissions.ts";
import { Card } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { RowIcon } from "~/components/ui/row-icon.tsx";
import { databaseContext, operatorContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findClientById } from "~/models/client.server.ts";
import { PORTAL_SHELL } from "~/portal/portal-shell.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const client = await findClientById(context.get(databaseContext), context.get(portalClientContext));
  const t = getTranslator(context);
  const businessName = client?.businessName ?? "";
  return {
    title: t("home.title", { ns: "portal", business: businessName }),
    businessName,
    role: context.get(operatorContext).role,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Portal"} | Alex` }];

export default function PortalHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  const { businessName, role } = loaderData;
  const pages = PORTAL_SHELL.navigation.filter(({ to }) => to !== "/portal" && opensPage(role, to));
  return (
    <div className="space-y-6">
      <PageHeader title={<bdi>{businessName}</bdi>} description={t("home.subtitle")} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {pages.map(({ to, key, icon }) => (
          <li key={to}>
            <Card className="h-full">
              <Link
                to={to}
                className="flex items-center gap-3 text-lg font-semibold text-slate-900 hover:text-brand-700"
              >
                <RowIcon name={icon} className="h-6 w-6 text-brand-600" />
                {t(`nav.${key}`)}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
