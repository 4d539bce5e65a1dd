import { useNavigation } from "react-router";
import type { Route } from "./+types/inbox";
import { PersonHandoverForm } from "~/clients/config/components/person-handover-form.tsx";
import { handlePersonHandoverAction, personHandoverOf } from "~/clients/config/person-handover.server.ts";
import { can } from "~/auth/permissions.ts";
import { databaseContext, operatorContext, portalClientContext } from "~/context.ts";
import { InboxPage } from "~/handoff/components/inbox-page.tsx";
import { loadInbox } from "~/handoff/inbox.server.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findClientById } from "~/models/client.server.ts";
import { portalConversationPath } from "~/sessions/portal-conversation-paths.ts";

export const handle = { i18n: ["inbox", "sessions", "client-config"] };

/**
 * The business's own open conversations (its client from the session, never the address), waiting ones
 * first; for its owner, also when a person steps in.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const clientId = context.get(portalClientContext);
  const ownsHandover = can(context.get(operatorContext).role, "portal.handover");
  const [inbox, client] = await Promise.all([
    loadInbox(context, url, clientId),
    ownsHandover ? findClientById(context.get(databaseContext), clientId) : undefined,
  ]);
  return { ...inbox, person: client ? personHandoverOf(client) : null };
}

/** The owner's hand-over settings (the permission table lets only an owner post here). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  return handlePersonHandoverAction(
    context.get(databaseContext),
    context.get(portalClientContext),
    await request.formData(),
    {
      pageUrl: `${url.pathname}${url.search}`,
      message: t("person.saved", { ns: "client-config" }),
      personId: context.get(operatorContext).id,
    },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.waiting > 0 ? `(${loaderData.waiting}) ` : ""}${loaderData.title} | Alex`
      : "Inbox | Alex",
  },
];

export default function PortalInbox({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <InboxPage data={loaderData} detailPath={portalConversationPath} showClient={false}>
      {loaderData.person ? (
        <PersonHandoverForm
          person={loaderData.person}
          lastResult={actionData?.result}
          saving={navigation.formData?.get("intent") === "person"}
        />
      ) : null}
    </InboxPage>
  );
}
