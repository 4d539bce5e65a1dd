import { useTranslation } from "react-i18next";
import type { Route } from "./+types/people";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { isolate } from "~/lib/format.ts";
import { findClientById } from "~/models/client.server.ts";
import { PeoplePanel } from "~/team/components/people-panel.tsx";
import { handlePeopleAction, loadPeoplePage, type PeoplePage } from "~/team/people-page.server.ts";

export const handle = { i18n: ["team"] };

/** The business's own people, as its owners manage them: the business is the session's, never the address's. */
const pageOf = (context: Route.LoaderArgs["context"]): PeoplePage => ({
  scope: { clientId: context.get(portalClientContext) },
  group: "business",
  permission: "portal.people",
  home: "/portal",
});

export async function loader({ context }: Route.LoaderArgs) {
  const client = await findClientById(context.get(databaseContext), context.get(portalClientContext));
  const businessName = client?.businessName ?? "";
  return {
    title: getTranslator(context)("people.title", { ns: "team" }),
    businessName,
    ...(await loadPeoplePage(context, pageOf(context))),
  };
}

export function action({ request, url, context }: Route.ActionArgs) {
  return handlePeopleAction(request, url, context, pageOf(context));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "People"} | Alex` }];

export default function PortalPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("team");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("people.title")}
        description={t("people.subtitle", { business: isolate(loaderData.businessName) })}
      />
      <PeoplePanel group="business" {...loaderData} actionData={actionData} />
    </div>
  );
}
