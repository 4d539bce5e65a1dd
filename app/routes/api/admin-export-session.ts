import { z } from "zod";
import type { Route } from "./+types/admin-export-session";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { sessionIdSchema } from "~/sessions/session-query.ts";
import { exportSession, findClientSession, sessionCsvResponse } from "~/sessions/sessions.server.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

const paramsSchema = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647),
  sessionId: sessionIdSchema,
});
const formatSchema = z.enum(["json", "csv"]);

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * One session of one client with its messages and summary, as JSON or (?format=csv) as
 * the streamed CSV. Another client's session, or none, is a 404 like an unknown one.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const failure = (status: number, error: string) => Response.json({ success: false, error }, { status, headers: NO_STORE });

  const format = formatSchema.safeParse(url.searchParams.get("format") ?? "json");
  if (!format.success) return failure(400, t("errors.invalidParameter", { ns: "sessions", parameter: "format" }));
  const parsed = paramsSchema.safeParse(params);
  const session = parsed.success ? await findClientSession(db, parsed.data.clientId, parsed.data.sessionId) : undefined;
  if (!session) return failure(404, t("errors.sessionNotFound", { ns: "sessions" }));

  if (format.data === "csv") {
    const header = (key: string) => t(`csv.${key}`, { ns: "sessions" });
    return sessionCsvResponse(
      db,
      session,
      { timestamp: header("timestamp"), userMessage: header("userMessage"), aiResponse: header("aiResponse"), messageType: header("messageType"), cost: header("cost") },
      context.get(envContext).TZ_DISPLAY,
    );
  }
  return Response.json(await exportSession(db, session), { headers: NO_STORE });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
