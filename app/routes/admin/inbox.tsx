import type { Route } from "./+types/inbox";
import { InboxPage } from "~/handoff/components/inbox-page.tsx";
import { loadInbox } from "~/handoff/inbox.server.ts";
import { sessionDetailPath } from "~/sessions/session-query.ts";

export const handle = { i18n: ["inbox", "sessions"] };

/** Every client's open conversations (filtered by client, state, channel, person), waiting ones first. */
export function loader({ url, context }: Route.LoaderArgs) {
  return loadInbox(context, url);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.waiting > 0 ? `(${loaderData.waiting}) ` : ""}${loaderData.title} | Alex`
      : "Inbox | Alex",
  },
];

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  return <InboxPage data={loaderData} detailPath={sessionDetailPath} showClient />;
}
