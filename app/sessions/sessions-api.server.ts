import type { RouterContextProvider } from "react-router";
import { StatementTimeout } from "#db/connection.ts";
import { databaseContext, envContext } from "~/context.ts";
import { recordListAccess } from "~/privacy/access-log.server.ts";
import { apiText, jsonAnswer, jsonError } from "~/server/json-api.server.ts";
import { MAX_SEARCH_LENGTH, queryOf, sessionQuerySchema } from "./session-query.ts";
import { clientsWithContactDetails, loadSessionList } from "./sessions.server.ts";

/**
 * GET /api/admin/sessions (paged) and GET /api/admin/chat-sessions (the whole filtered set, same
 * shape): a bad parameter is a 400 naming it, in the operator's language, before any query runs;
 * a search the database stopped at its timeout is a 503 saying so. A list that shows visitors'
 * contact details is logged per client, like the monitor page.
 */
export async function sessionListResponse(
  url: URL,
  context: Readonly<RouterContextProvider>,
  { paged }: { paged: boolean },
) {
  const text = apiText(context, "sessions");
  const parsed = sessionQuerySchema.safeParse(queryOf(url.searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const parameter = String(issue?.path[0] ?? "query");
    if (issue?.message === "errors.searchTooLong") {
      const message = text("errors.searchTooLong", { max: MAX_SEARCH_LENGTH });
      return jsonError(400, message, { fields: { search: message } });
    }
    return jsonError(400, text("errors.invalidParameter", { parameter }));
  }
  try {
    const list = await loadSessionList(context.get(databaseContext), parsed.data, {
      timeZone: context.get(envContext).TZ_DISPLAY,
      paged,
    });
    recordListAccess(context, "view_session_list", clientsWithContactDetails(list));
    return jsonAnswer(list);
  } catch (error) {
    if (!(error instanceof StatementTimeout)) throw error;
    // The database gave up on this search, not on the service: a narrower one may well answer.
    return jsonError(503, text("errors.searchTooSlow"), { headers: { "Retry-After": "1" } });
  }
}
