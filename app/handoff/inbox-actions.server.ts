import type { Database, LiveEventBus } from "#db/connection.ts";
import type { AuthenticatedOperator } from "~/context.ts";
import { publishLiveEvent } from "~/live/live-events.server.ts";
import { isSessionActive } from "~/models/chat-session.server.ts";
import { recordHandoff } from "~/models/handoff.server.ts";
import { assignSession, closeSession, listAssignablePeople } from "~/models/inbox.server.ts";
import { cancelPersonRequestMail } from "~/models/lead-delivery.server.ts";
import { askChannelRating } from "~/channels/channel-rating.server.ts";
import type { HandoffSession } from "./handoff.server.ts";

type Person = Pick<AuthenticatedOperator, "id" | "username" | "displayName" | "clientId">;
const nameOf = (person: Pick<Person, "username" | "displayName">) => person.displayName ?? person.username;

/**
 * The colleagues a person may give a conversation to: the provider's team gives it to anyone of the
 * team or of the business; a business's person only to the business's own people.
 */
export const assignablePeople = (
  db: Database,
  session: Pick<HandoffSession, "clientId">,
  by: Pick<Person, "clientId">,
) => listAssignablePeople(db, session.clientId, { teamToo: by.clientId === null });

export type Assignment = { kind: "assigned"; name: string } | { kind: "inactive" } | { kind: "unknownPerson" };

/**
 * Gives the conversation to a colleague (whoever held it): they hold it from now, the wait ends, and
 * the log names the colleague, with who gave it (`operatorId`).
 */
export async function assignConversation(
  db: Database,
  bus: LiveEventBus,
  session: HandoffSession,
  by: Person,
  assigneeId: number,
  now = new Date(),
): Promise<Assignment> {
  if (!isSessionActive(session.lastMessageAt, now)) return { kind: "inactive" };
  const assignee = (await assignablePeople(db, session, by)).find((person) => person.id === assigneeId);
  if (!assignee) return { kind: "unknownPerson" };
  await db.transaction(async (tx) => {
    await assignSession(tx, session.id, assignee.id, now);
    await recordHandoff(tx, {
      sessionId: session.id,
      operatorId: by.id,
      operatorName: assignee.name,
      action: "assign",
      at: now,
    });
    await cancelPersonRequestMail(tx, session.id);
  });
  await publishLiveEvent(bus, {
    type: "handoff",
    clientId: session.clientId,
    sessionId: session.publicId,
    heldBy: assignee.name,
    state: "held",
  });
  return { kind: "assigned", name: assignee.name };
}

/** Closes the conversation: nobody holds it, nobody waits; false when it was closed already. */
export async function closeConversation(
  db: Database,
  bus: LiveEventBus,
  session: HandoffSession,
  by: Person,
  now = new Date(),
) {
  const closed = await db.transaction(async (tx) => {
    if (!(await closeSession(tx, session.id, now))) return false;
    await recordHandoff(tx, {
      sessionId: session.id,
      operatorId: by.id,
      operatorName: nameOf(by),
      action: "close",
      at: now,
    });
    await cancelPersonRequestMail(tx, session.id);
    return true;
  });
  if (closed) {
    await publishLiveEvent(bus, {
      type: "handoff",
      clientId: session.clientId,
      sessionId: session.publicId,
      heldBy: null,
      state: "closed",
    });
    // Closed by a person: WhatsApp and Telegram are asked to rate it (the widget hears the event).
    await askChannelRating(db, session, now);
  }
  return closed;
}
