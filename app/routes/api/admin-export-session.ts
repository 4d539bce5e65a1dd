import { z } from "zod";
import type { Route } from "./+types/admin-export-session";
import { databaseContext, envContext } from "~/context.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { sessionIdSchema } from "~/lib/ids.ts";
import { exportSession, findClientSession, sessionCsvResponse } from "~/sessions/sessions.server.ts";
import { apiText, jsonAnswer, jsonError, readOnlyRoute } from "~/server/json-api.server.ts";

const paramsSchema = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647),
  sessionId: sessionIdSchema,
});
const formatSchema = z.enum(["json", "csv"]);

/**
 * One session of one client with its messages and summary, as JSON or (?format=csv) as
 * the streamed CSV. Another client's session, or none, is a 404 like an unknown one. The session
 * detail page reads `success`, so a refusal carries `success: false` beside its error.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const text = apiText(context, "sessions");
  const db = context.get(databaseContext);
  const failure = (status: number, error: string) => jsonError(status, error, { extra: { success: false } });

  const format = formatSchema.safeParse(url.searchParams.get("format") ?? "json");
  if (!format.success) return failure(400, text("errors.invalidParameter", { parameter: "format" }));
  const parsed = paramsSchema.safeParse(params);
  const session = parsed.success ? await findClientSession(db, parsed.data.clientId, parsed.data.sessionId) : undefined;
  if (!session) return failure(404, text("errors.sessionNotFound"));
  // The JSON is what the monitor's Quick View shows: a look at the conversation; the CSV is a download of it.
  recordAccess(context, {
    action: format.data === "csv" ? "export_session" : "view_session",
    clientId: session.clientId,
    sessionId: session.publicId,
  });

  if (format.data === "csv") {
    const header = (key: string) => text(`csv.${key}`);
    return sessionCsvResponse(
      db,
      session,
      {
        headers: {
          timestamp: header("timestamp"),
          role: header("role"),
          userMessage: header("userMessage"),
          aiResponse: header("aiResponse"),
          messageType: header("messageType"),
          cost: header("cost"),
          channel: header("channel"),
        },
        channel: (channel) => text(`channels.${channel}`),
        role: (role, operatorName) =>
          role !== "operator"
            ? text(`roles.${role}`)
            : operatorName
              ? text("roles.operator", { name: operatorName })
              : text("roles.operatorUnknown"),
        // A type the vocabulary does not know (an older row's) is written as stored.
        messageType: (type) => (/^[a-z_]+$/.test(type) ? text(`messageTypes.${type}`, { defaultValue: type }) : type),
      },
      context.get(envContext).TZ_DISPLAY,
    );
  }
  return jsonAnswer(await exportSession(db, session));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
