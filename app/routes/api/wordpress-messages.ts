import type { Route } from "./+types/wordpress-messages";
import { handleMessageRequest } from "~/conversations/message-api.server.ts";
import { messageText } from "~/conversations/message-text.server.ts";
import { databaseContext, envContext, liveEventsContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { methodNotAllowed } from "~/server/json-api.server.ts";

/** The widget's message API: public (the license key names the client), same-origin, POST only. */
export async function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(await messageText(context.get(languageContext)), "POST");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(await messageText(context.get(languageContext)), "POST");
  return handleMessageRequest({
    request,
    db: context.get(databaseContext),
    env: context.get(envContext),
    ip: context.get(requestInfoContext).ip,
    language: context.get(languageContext),
    liveEvents: context.get(liveEventsContext),
  });
}
