import { SearchX, UserCog } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/client";
import { clientIntentPermission, handleClientAction, loadClientPage } from "~/clients/client-page.server.ts";
import { UsageCeilingAlert } from "~/clients/components/usage-ceiling-alert.tsx";
import { clientIdSchema } from "~/lib/ids.ts";
import { requirePermission } from "~/auth/guard.server.ts";
import { opensPage } from "~/auth/permissions.ts";
import { clientTabsFor } from "~/clients/client-tabs.ts";
import { ClientStatusBadge } from "~/clients/components/status-badge.tsx";
import { ClientTabPanel } from "~/clients/components/client-tab-panel.tsx";
import { SyncDataButton } from "~/clients/components/sync-data-button.tsx";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { LinkTabs } from "~/components/ui/link-tabs.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import type { Env } from "~/env.server.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { deliveryConfigOf } from "~/leads/lead-delivery.server.ts";
import { useCodeLabels } from "~/i18n/code-labels.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";

export const handle = { i18n: ["clients", "deliveries", "access", "channels", "checks", "team", "portal-training"] };

/** Our public origin: PUBLIC_URL's, else the one the operator reached. */
const publicOrigin = (env: Env, url: URL) => new URL(env.PUBLIC_URL ?? url).origin;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const role = context.get(operatorContext).role;
  const tabs = clientTabsFor(role);
  const page = await loadClientPage(context.get(databaseContext), {
    clientId: params.clientId,
    search: url.searchParams,
    timeZone: context.get(envContext).TZ_DISPLAY,
    mailEnabled: Boolean(context.get(envContext).SMTP_URL),
    origin: publicOrigin(context.get(envContext), url),
    tabs,
  });
  if (!page)
    return data({ title: getTranslator(context)("detail.notFound", { ns: "clients" }), client: null }, { status: 404 });
  const foundVisitor = page.view.tab === "privacy" ? page.view.privacy.search?.found : null;
  if (foundVisitor) {
    const [onlySession] = foundVisitor.sessions.length === 1 ? foundVisitor.sessions : [];
    recordAccess(context, {
      action: "view_visitor_data",
      clientId: page.client.id,
      sessionId: onlySession?.publicId ?? null,
    });
  }
  const managesPeople = opensPage(role, "/admin/clients/:clientId/people");
  return { title: page.client.businessName, tabs, managesPeople, ...page };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const id = clientIdSchema.safeParse(params.clientId);
  if (!id.success) throw data(null, { status: 404 });
  const formData = await request.formData();
  requirePermission(context, clientIntentPermission(formData.get("intent")));
  return handleClientAction(formData, {
    db: context.get(databaseContext),
    clientId: id.data,
    operatorId: context.get(operatorContext).id,
    allowHosts: context.get(envContext).SCANNER_ALLOW_HOSTS,
    deliveryConfig: deliveryConfigOf(context.get(envContext)),
    backPath: `${url.pathname}${url.search}`,
    origin: publicOrigin(context.get(envContext), url),
    recordAccess: (record) => recordAccess(context, record),
    t: getTranslator(context),
  });
}

/** Retry-After of a refused try (too many checks or test messages) must reach the browser with the page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Client"} | Alex` }];

export default function ClientDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("clients");
  const labels = useCodeLabels();
  if (!loaderData.client || !("view" in loaderData)) {
    return (
      <EmptyState
        icon={SearchX}
        title={
          <span role="heading" aria-level={1}>
            {t("detail.notFound")}
          </span>
        }
        description={t("detail.notFoundDescription")}
        action={
          <Button asChild>
            <Link to="/admin/clients">{t("detail.backToClients")}</Link>
          </Button>
        }
      />
    );
  }
  const { client, view } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <bdi>{client.businessName}</bdi> <ClientStatusBadge status={client.status} />
          </span>
        }
        description={
          <>
            {labels.businessType(client.businessType)} ·{" "}
            <a
              href={`https://${client.websiteDomain}`}
              target="_blank"
              rel="noopener noreferrer"
              dir="ltr"
              translate="no"
              className="text-brand-700 underline underline-offset-2"
            >
              {client.websiteDomain}
            </a>
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {loaderData.managesPeople ? (
              <Button asChild variant="secondary">
                <Link to={`/admin/clients/${client.id}/people`}>
                  <UserCog className="h-4 w-4" aria-hidden="true" />
                  {t("detail.people")}
                </Link>
              </Button>
            ) : null}
            <SyncDataButton />
          </div>
        }
      />
      <UsageCeilingAlert clientId={client.id} ceiling={loaderData.usageCeiling} />
      <LinkTabs
        label={t("detail.tabsLabel")}
        current={view.tab}
        tabs={loaderData.tabs.map((tab) => ({ value: tab, label: t(`detail.tabs.${tab}`) }))}
      />
      <ClientTabPanel
        data={loaderData}
        confirmStatus={actionData && "confirmStatus" in actionData ? actionData.confirmStatus : undefined}
        deliveryResult={actionData && "delivery" in actionData ? actionData.delivery : undefined}
        channelsResult={actionData && "channels" in actionData ? actionData.channels : undefined}
        channelTrial={actionData && "channelTrial" in actionData ? actionData.channelTrial : undefined}
        confirmErase={actionData && "confirmErase" in actionData ? actionData.confirmErase : undefined}
        eraseError={
          actionData && "eraseError" in actionData && typeof actionData.eraseError === "string"
            ? actionData.eraseError
            : undefined
        }
      />
    </div>
  );
}
