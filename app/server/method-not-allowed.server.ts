import type { RouterContextProvider } from "react-router";
import { getTranslator } from "~/i18n/middleware.server.ts";

/**
 * A read-only resource route's answer to a post: without an action React Router answers 405 with
 * `{"message":"Unexpected Server Error"}`, which tells the caller nothing (found by tests/hostile/).
 */
export function readOnlyRoute(context: Readonly<RouterContextProvider>) {
  const t = getTranslator(context);
  return Response.json({ error: t("frontDoor.methodNotAllowed") }, { status: 405, headers: { Allow: "GET, HEAD", "Cache-Control": "private, no-store" } });
}
