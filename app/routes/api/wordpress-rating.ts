import type { Route } from "./+types/wordpress-rating";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { methodNotAllowed } from "~/server/json-api.server.ts";
import { recordVisitorRating, widgetText } from "~/widget/visitor-api.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(await widgetText(context.get(languageContext)), "POST");
}

/** The widget's "How did we do?" at the end of a conversation (public, rate limited): 204, or 409 when rated already. */
export async function action({ request, context }: Route.ActionArgs) {
  const language = context.get(languageContext);
  if (request.method !== "POST") return methodNotAllowed(await widgetText(language), "POST");
  return recordVisitorRating(request, {
    db: context.get(databaseContext),
    language,
    ip: context.get(requestInfoContext).ip,
  });
}
