import type { RouterContextProvider } from "react-router";
import { databaseContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { plainTextResponse } from "~/server/plain-text.server.ts";
import { recordAccess } from "./access-log.server.ts";
import { exportVisitorData, visitorQueryOf } from "./visitor-data.server.ts";
import { visitorSearchSchema } from "./visitor-data.ts";

/**
 * Everything stored about one visitor (`?kind=&q=`) of one client as a JSON download, kept in the
 * privacy audit trail and the access log with the signed-in person. The caller has found the client
 * (the back-office from the address, the portal from the session); a search that is not one is a 400
 * in the person's language.
 */
export async function visitorExportResponse(
  context: Readonly<RouterContextProvider>,
  clientId: number,
  searchParams: URLSearchParams,
) {
  const t = getTranslator(context);
  const search = visitorSearchSchema.safeParse({ kind: searchParams.get("kind"), q: searchParams.get("q") });
  if (!search.success)
    return plainTextResponse(search.error.issues.map((issue) => t(issue.message, { ns: "clients" })).join("\n"), 400);

  const now = new Date();
  const exported = await exportVisitorData(context.get(databaseContext), {
    clientId,
    operatorId: context.get(operatorContext).id,
    query: visitorQueryOf(search.data.kind, search.data.q),
    now,
  });
  recordAccess(context, {
    action: "export_visitor_data",
    clientId,
    sessionId: search.data.kind === "session" ? search.data.q : null,
  });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="visitor-data-${clientId}-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
