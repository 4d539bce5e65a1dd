import type { Route } from "./+types/wordpress-history";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { methodNotAllowed } from "~/server/json-api.server.ts";
import { visitorHistory, widgetText } from "~/widget/visitor-api.server.ts";

/** A session's last messages for the visitor who holds its license and id (public, rate limited). */
export function loader({ url, context }: Route.LoaderArgs) {
  return visitorHistory(url.searchParams, {
    db: context.get(databaseContext),
    language: context.get(languageContext),
    ip: context.get(requestInfoContext).ip,
  });
}

export async function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(await widgetText(context.get(languageContext)), "GET");
}
