import type { Route } from "./+types/inbox";
import { portalClientContext } from "~/context.ts";
import { InboxPage } from "~/handoff/components/inbox-page.tsx";
import { loadInbox } from "~/handoff/inbox.server.ts";
import { portalConversationPath } from "~/sessions/portal-conversation-paths.ts";

export const handle = { i18n: ["inbox", "sessions"] };

/** The business's own open conversations (its client from the session, never the address), waiting ones first. */
export function loader({ url, context }: Route.LoaderArgs) {
  return loadInbox(context, url, context.get(portalClientContext));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.waiting > 0 ? `(${loaderData.waiting}) ` : ""}${loaderData.title} | Alex`
      : "Inbox | Alex",
  },
];

export default function PortalInbox({ loaderData }: Route.ComponentProps) {
  return <InboxPage data={loaderData} detailPath={portalConversationPath} showClient={false} />;
}
