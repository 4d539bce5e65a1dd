import type { Route } from "./+types/wordpress-chat-ui";
import { databaseContext, nonceContext } from "~/context.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";
import { chatUiLanguageOf, chatUiResponse } from "~/widget/chat-ui.server.ts";

/** The chat widget, in the plugin's iframe or alone in a tab: public, its own CSP (frame-ancestors: the client's site). */
export function loader({ url, context }: Route.LoaderArgs) {
  return chatUiResponse(context.get(databaseContext), {
    license: url.searchParams.get("license")?.trim() ?? "",
    language: chatUiLanguageOf(url.searchParams.get("lang")),
    nonce: context.get(nonceContext),
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
