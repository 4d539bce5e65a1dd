import type { Route } from "./+types/client-visitor-export";
import { findClientByRawId } from "~/clients/clients.server.ts";
import { databaseContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { exportVisitorData, visitorQueryOf } from "~/privacy/visitor-data.server.ts";
import { visitorSearchSchema } from "~/privacy/visitor-data.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

const plainText = (text: string, status: number) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/** The Privacy tab's Export: everything stored about one visitor (`?kind=&q=`) as a JSON download, kept in the audit trail. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const client = await findClientByRawId(db, params.clientId);
  if (!client) return plainText(t("detail.notFound", { ns: "clients" }), 404);
  const search = visitorSearchSchema.safeParse({ kind: url.searchParams.get("kind"), q: url.searchParams.get("q") });
  if (!search.success)
    return plainText(search.error.issues.map((issue) => t(issue.message, { ns: "clients" })).join("\n"), 400);

  const now = new Date();
  const exported = await exportVisitorData(db, {
    clientId: client.id,
    operatorId: context.get(operatorContext).id,
    query: visitorQueryOf(search.data.kind, search.data.q),
    now,
  });
  recordAccess(context, {
    action: "export_visitor_data",
    clientId: client.id,
    sessionId: search.data.kind === "session" ? search.data.q : null,
  });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="visitor-data-${client.id}-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
