import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/privacy";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { VisitorDataTab } from "~/privacy/components/visitor-data-tab.tsx";
import { ERASE_INTENT, handleEraseAction, loadPrivacyTab } from "~/privacy/visitor-data-tab.server.ts";

export const handle = { i18n: ["portal-training", "clients"] };

const PRIVACY_PATH = "/portal/privacy";

/**
 * The business's visitors' data requests, as the client page's Privacy tab does them for operators:
 * find a visitor (`?kind=&q=`), export or erase what is stored, and the trail of both. Everything is
 * of the session's business only; a look at a found visitor is kept in the access log with the person.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const clientId = context.get(portalClientContext);
  const privacy = await loadPrivacyTab(context.get(databaseContext), clientId, url.searchParams);
  const found = privacy.search?.found;
  if (found) {
    const [onlySession] = found.sessions.length === 1 ? found.sessions : [];
    recordAccess(context, { action: "view_visitor_data", clientId, sessionId: onlySession?.publicId ?? null });
  }
  return {
    title: getTranslator(context)("privacy.title", { ns: "portal-training" }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    now: new Date(),
    privacy,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") !== ERASE_INTENT) throw data(null, { status: 400 });
  return handleEraseAction(context.get(databaseContext), {
    clientId: context.get(portalClientContext),
    operatorId: context.get(operatorContext).id,
    formData,
    recordAccess: (record) => recordAccess(context, record),
    backPath: PRIVACY_PATH,
    t: getTranslator(context),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Privacy"} | Alex` }];

export default function PortalPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("portal-training");
  const posted = (actionData ?? {}) as { confirmErase?: { kind: string; q: string }; eraseError?: string };
  return (
    <div className="space-y-6">
      <PageHeader title={t("privacy.title")} description={t("privacy.subtitle")} />
      <VisitorDataTab
        data={loaderData}
        privacy={loaderData.privacy}
        confirmErase={posted.confirmErase}
        eraseError={posted.eraseError}
        paths={{ tabPath: PRIVACY_PATH, exportPath: `${PRIVACY_PATH}/export` }}
      />
    </div>
  );
}
