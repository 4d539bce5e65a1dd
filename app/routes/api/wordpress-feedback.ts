import type { Route } from "./+types/wordpress-feedback";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { methodNotAllowed, recordFeedback } from "~/widget/visitor-api.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context.get(languageContext), "POST");
}

/** The widget's "Was this helpful?" answer (public, rate limited): 204. */
export function action({ request, context }: Route.ActionArgs) {
  const language = context.get(languageContext);
  if (request.method !== "POST") return methodNotAllowed(language, "POST");
  return recordFeedback(request, { db: context.get(databaseContext), language, ip: context.get(requestInfoContext).ip });
}
