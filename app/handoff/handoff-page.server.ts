import { parseForm } from "~/components/ui/parse-form.ts";
import { data, type RouterContextProvider } from "react-router";
import { redirectWithSuccess, redirectWithToast } from "remix-toast";
import { databaseContext, liveEventsContext, operatorContext, type AuthenticatedOperator } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import type { MonitoredSession } from "~/models/chat-session.server.ts";
import { findSessionHolder, listSessionHandoffs } from "~/models/handoff.server.ts";
import { findLastOperatorReply } from "~/models/message.server.ts";
import { loadReplyTools } from "~/saved-replies/reply-tools.server.ts";
import type { Database } from "#db/connection.ts";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { sessionDetailPath } from "~/sessions/session-query.ts";
import { handBackSession, OPERATOR_REPLY_TIMEOUT_MS, sendOperatorReply, takeOverSession } from "./handoff.server.ts";
import { findConversationState } from "~/models/inbox.server.ts";
import { assignablePeople, assignConversation, closeConversation } from "./inbox-actions.server.ts";
import { assignSchema, handoffIntentSchema, operatorReplySchema } from "./handoff-schema.ts";

/**
 * What the session page shows of who answers: the holder (if any), whether it is me, the trail, the
 * conversation's state and the colleagues it may be given to; to the holder, the reply box's saved
 * replies and what became of the last reply.
 */
export async function loadHandoff(
  db: Database,
  session: MonitoredSession,
  operator: Pick<AuthenticatedOperator, "id" | "clientId">,
) {
  const [holder, trail, state, people, lastReply] = await Promise.all([
    findSessionHolder(db, session.id),
    listSessionHandoffs(db, session.id),
    findConversationState(db, session.id),
    assignablePeople(db, session, operator),
    findLastOperatorReply(db, session.id),
  ]);
  const isMe = holder?.operatorId === operator.id;
  return {
    holder: holder ? { name: holder.username, isMe } : null,
    trail: trail.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    timeoutMinutes: OPERATOR_REPLY_TIMEOUT_MS / 60_000,
    state: state.state,
    waitingSince: state.waitingSince?.toISOString() ?? null,
    people: people.filter((person) => person.id !== holder?.operatorId),
    channel: session.channel,
    lastReply: lastReply
      ? {
          id: lastReply.id,
          createdAt: lastReply.createdAt.toISOString(),
          deliveredAt: lastReply.deliveredAt?.toISOString() ?? null,
          failure: lastReply.deliveryFailure,
          error: lastReply.deliveryError,
        }
      : null,
    replyTools: isMe ? await loadReplyTools(db, session) : null,
  };
}

/**
 * The session page's posts (`intent`): take over, hand back, reply. A refusal is the reply form's
 * error in the operator's language: 400 for a bad post, 409 when the session is someone else's,
 * is no longer mine, or is too old to take over. Done, back to `here`: the page that posted (the
 * back-office's session page, or the portal's conversation).
 */
export async function handleHandoffAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  session: MonitoredSession,
  here = sessionDetailPath(session.publicId),
) {
  const db = context.get(databaseContext);
  const bus = context.get(liveEventsContext);
  const operator = context.get(operatorContext);
  const t = getTranslator(context);
  const formData = await request.formData();
  const refused = (status: 400 | 409, message: string) =>
    data({ result: { status: "error" as const, error: { "": [message] } } }, { status });

  const intent = handoffIntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return refused(400, t("handoff.errors.intent", { ns: "sessions" }));
  const minutes = OPERATOR_REPLY_TIMEOUT_MS / 60_000;
  const notHeld = () => refused(409, t("handoff.notHeld", { ns: "sessions", minutes }));

  if (intent.data === "take-over") {
    const outcome = await takeOverSession(db, bus, session, operator);
    if (outcome.kind === "inactive") return refused(409, t("handoff.inactive", { ns: "sessions" }));
    if (outcome.kind === "heldByOther")
      return refused(409, t("handoff.takenByOther", { ns: "sessions", name: outcome.holder }));
    return redirectWithSuccess(here, t("handoff.taken", { ns: "sessions" }));
  }
  if (intent.data === "assign") {
    const assignment = assignSchema.safeParse(Object.fromEntries(formData));
    if (!assignment.success) return refused(400, t("handoff.errors.assignee", { ns: "sessions" }));
    const outcome = await assignConversation(db, bus, session, operator, assignment.data.assignee);
    if (outcome.kind === "inactive") return refused(409, t("handoff.inactive", { ns: "sessions" }));
    if (outcome.kind === "unknownPerson") return refused(400, t("handoff.errors.assignee", { ns: "sessions" }));
    return redirectWithSuccess(here, t("handoff.assigned", { ns: "sessions", name: outcome.name }));
  }
  if (intent.data === "close") {
    if (!(await closeConversation(db, bus, session, operator)))
      return refused(409, t("handoff.alreadyClosed", { ns: "sessions" }));
    return redirectWithSuccess(here, t("handoff.closed", { ns: "sessions" }));
  }
  if (intent.data === "hand-back") {
    if (!(await handBackSession(db, bus, session, operator))) return notHeld();
    return redirectWithSuccess(here, t("handoff.handedBack", { ns: "sessions" }));
  }
  const submission = parseForm(formData, { schema: operatorReplySchema });
  if (submission.status !== "success") {
    const message = submission.error?.reply?.[0] ?? "handoff.errors.replyRequired";
    return data(
      {
        result: submission.reply({ fieldErrors: { reply: [t(message, { ns: "sessions", max: MESSAGE_MAX_LENGTH })] } }),
      },
      { status: 400 },
    );
  }
  const sent = await sendOperatorReply(db, bus, session, operator, submission.value.reply);
  if (sent === undefined) return notHeld();
  const channel = t(`handoff.replyBox.channels.${sent.channel}`, { ns: "sessions" });
  if (sent.delivery.delivered) {
    return redirectWithToast(here, {
      type: "success",
      message: t("handoff.sent", { ns: "sessions" }),
      description: t(`handoff.replyBox.delivered.${sent.channel}`, { ns: "sessions" }),
    });
  }
  return redirectWithToast(here, {
    type: "warning",
    message: t("handoff.replyBox.notDeliveredTitle", { ns: "sessions" }),
    description: t(`handoff.replyBox.failures.${sent.delivery.failure}`, {
      ns: "sessions",
      channel,
      error: sent.delivery.error ?? "",
    }),
  });
}
