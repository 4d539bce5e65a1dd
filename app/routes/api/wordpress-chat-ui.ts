import type { Route } from "./+types/wordpress-chat-ui";
import { databaseContext, envContext, nonceContext } from "~/context.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";
import { chatUiLanguageOf, chatUiResponse, refererOrigin } from "~/widget/chat-ui.server.ts";

/** The chat widget, in the plugin's iframe or alone in a tab: public, its own CSP (frame-ancestors: the client's site). */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return chatUiResponse(context.get(databaseContext), {
    license: url.searchParams.get("license")?.trim() ?? "",
    language: chatUiLanguageOf(url.searchParams.get("lang")),
    nonce: context.get(nonceContext),
    // Only a frame's page is the site it runs on; a link followed from elsewhere opens the chat as a page.
    embeddingSite: ["iframe", null].includes(request.headers.get("Sec-Fetch-Dest"))
      ? refererOrigin(request.headers.get("Referer"))
      : null,
    selfOrigin: new URL(context.get(envContext).PUBLIC_URL ?? url.href).origin,
    timeZone: context.get(envContext).TZ_DISPLAY,
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
