import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/client-people";
import { requireClientForPage } from "~/clients/clients.server.ts";
import { Button } from "~/components/ui/button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { isolate } from "~/lib/format.ts";
import { PeoplePanel } from "~/team/components/people-panel.tsx";
import { handlePeopleAction, loadPeoplePage, type PeoplePage } from "~/team/people-page.server.ts";

export const handle = { i18n: ["team", "clients"] };

/** The business's people as its client page's operators manage them; no such client is a 404 in the shell. */
async function pageOf(context: Route.LoaderArgs["context"], rawClientId: string) {
  const client = await requireClientForPage(context, rawClientId);
  const page: PeoplePage = {
    scope: { clientId: client.id },
    group: "business",
    permission: "clients.manage",
    home: "/admin/dashboard",
  };
  return { client, page };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { client, page } = await pageOf(context, params.clientId);
  return {
    title: getTranslator(context)("people.titleOf", { ns: "team", business: client.businessName }),
    client: { id: client.id, businessName: client.businessName },
    ...(await loadPeoplePage(context, page)),
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { page } = await pageOf(context, params.clientId);
  return handlePeopleAction(request, url, context, page);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "People"} | Alex` }];

export default function ClientPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("team");
  const { client } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("people.titleOf", { business: isolate(client.businessName) })}
        description={t("people.subtitle", { business: isolate(client.businessName) })}
        actions={
          <Button asChild variant="secondary">
            <Link to={`/admin/clients/${client.id}`}>
              <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
              {t("people.back")}
            </Link>
          </Button>
        }
      />
      {/* The provider most often invites the business's owner; the owner then invites the staff. */}
      <PeoplePanel group="business" defaultRole="business_owner" {...loaderData} actionData={actionData} />
    </div>
  );
}
