import type { Route } from "./+types/wordpress-feedback";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { methodNotAllowed } from "~/server/json-api.server.ts";
import { recordFeedback, widgetText } from "~/widget/visitor-api.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(await widgetText(context.get(languageContext)), "POST");
}

/** The widget's "Was this helpful?" answer (public, rate limited): 204. */
export async function action({ request, context }: Route.ActionArgs) {
  const language = context.get(languageContext);
  if (request.method !== "POST") return methodNotAllowed(await widgetText(language), "POST");
  return recordFeedback(request, {
    db: context.get(databaseContext),
    language,
    ip: context.get(requestInfoContext).ip,
  });
}
