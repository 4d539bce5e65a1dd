import type { Route } from "./+types/wordpress-chat-events";
import { databaseContext, liveEventsContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { methodNotAllowed } from "~/server/json-api.server.ts";
import { chatEvents } from "~/widget/chat-events.server.ts";
import { widgetText } from "~/widget/visitor-api.server.ts";

/** The visitor's live events of their own session (public: the license and the session id name it). */
export function loader({ request, context }: Route.LoaderArgs) {
  return chatEvents({
    request,
    db: context.get(databaseContext),
    bus: context.get(liveEventsContext),
    language: context.get(languageContext),
    ip: context.get(requestInfoContext).ip,
  });
}

export async function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(await widgetText(context.get(languageContext)), "GET");
}
