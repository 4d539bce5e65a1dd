import { useTranslation } from "react-i18next";
import type { Route } from "./+types/team";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { PeoplePanel } from "~/team/components/people-panel.tsx";
import { handlePeopleAction, loadPeoplePage, type PeoplePage } from "~/team/people-page.server.ts";
import { PROVIDER_TEAM } from "~/team/team.server.ts";

export const handle = { i18n: ["team"] };

const PAGE: PeoplePage = { scope: PROVIDER_TEAM, group: "team", permission: "team.manage", home: "/admin/dashboard" };

export async function loader({ context }: Route.LoaderArgs) {
  return {
    title: getTranslator(context)("title", { ns: "team" }),
    ...(await loadPeoplePage(context, PAGE)),
  };
}

export function action({ request, url, context }: Route.ActionArgs) {
  return handlePeopleAction(request, url, context, PAGE);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Team"} | Alex` }];

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("team");
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("subtitle")} />
      <PeoplePanel group="team" {...loaderData} actionData={actionData} />
    </div>
  );
}
