import type { RouterContextProvider } from "react-router";
import { databaseContext, envContext } from "~/context.ts";
import { apiText, jsonAnswer, jsonError } from "~/server/json-api.server.ts";
import { queryOf, sessionQuerySchema } from "./session-query.ts";
import { loadSessionList } from "./sessions.server.ts";

/**
 * GET /api/admin/sessions (paged) and GET /api/admin/chat-sessions (the whole filtered set, same
 * shape): a bad parameter is a 400 naming it, in the operator's language, before any query runs.
 */
export async function sessionListResponse(
  url: URL,
  context: Readonly<RouterContextProvider>,
  { paged }: { paged: boolean },
) {
  const parsed = sessionQuerySchema.safeParse(queryOf(url.searchParams));
  if (!parsed.success) {
    const parameter = String(parsed.error.issues[0]?.path[0] ?? "query");
    return jsonError(400, apiText(context, "sessions")("errors.invalidParameter", { parameter }));
  }
  const list = await loadSessionList(context.get(databaseContext), parsed.data, {
    timeZone: context.get(envContext).TZ_DISPLAY,
    paged,
  });
  return jsonAnswer(list);
}
