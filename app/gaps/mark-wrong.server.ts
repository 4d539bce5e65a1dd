import { data, type RouterContextProvider } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findSessionExchange } from "~/models/knowledge-gap.server.ts";
import { markWrongSchema } from "./gap-schema.ts";
import { recordGap } from "./gaps.server.ts";

/** Whether a session page's post is "Mark as wrong" (read from a copy: the request's own body stays for the other intents). */
export async function isMarkWrongPost(request: Request) {
  const formData = await request.clone().formData();
  return formData.get("intent") === "mark-wrong";
}

/**
 * "Mark as wrong" on one of Alex's replies in the session: the visitor's question becomes a gap with
 * the reply attached. A reply of another session, an operator's, or none is a 404; a bad post a 400,
 * both as the page's form error; done, back to `here` with a toast.
 */
export async function markReplyWrong(
  request: Request,
  context: Readonly<RouterContextProvider>,
  session: { id: number; clientId: number },
  here: string,
) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const refused = (status: 400 | 404, key: string) =>
    data({ result: { status: "error" as const, error: { "": [t(key, { ns: "gaps" })] } } }, { status });
  const parsed = markWrongSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return refused(400, "errors.messageRequired");
  const exchange = await findSessionExchange(db, session.id, parsed.data.messageId);
  if (!exchange) return refused(404, "errors.notFound");
  await recordGap(db, {
    clientId: session.clientId,
    sessionId: session.id,
    messageId: exchange.id,
    question: exchange.userMessage,
    kind: "marked_wrong",
    wrongAnswer: exchange.aiResponse,
  });
  return redirectWithSuccess(here, t("markedToast", { ns: "gaps" }));
}
