import type { RouterContextProvider } from "react-router";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { queryOf, sessionQuerySchema } from "./session-query.ts";
import { loadSessionList } from "./sessions.server.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/admin/sessions (paged) and GET /api/admin/chat-sessions (the whole filtered set, same
 * shape): a bad parameter is a 400 naming it, in the operator's language, before any query runs.
 */
export async function sessionListResponse(url: URL, context: Readonly<RouterContextProvider>, { paged }: { paged: boolean }) {
  const t = getTranslator(context);
  const parsed = sessionQuerySchema.safeParse(queryOf(url.searchParams));
  if (!parsed.success) {
    const parameter = String(parsed.error.issues[0]?.path[0] ?? "query");
    return Response.json({ error: t("errors.invalidParameter", { ns: "sessions", parameter }) }, { status: 400, headers: NO_STORE });
  }
  const list = await loadSessionList(context.get(databaseContext), parsed.data, { timeZone: context.get(envContext).TZ_DISPLAY, paged });
  return Response.json(list, { headers: NO_STORE });
}
