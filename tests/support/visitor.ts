import { randomUUID } from "node:crypto";
import type { Database } from "#db/connection.ts";
import { chatSessions, completedFunctions, leadDeliveries, messageImages, messages } from "#db/schema.ts";

/** One visitor's conversation, with an image, a completed function and a lead delivery carrying their details. */
export async function visitorConversation(
  db: Database,
  clientId: number,
  contact: { clientName?: string; phone?: string; email?: string },
) {
  const publicId = randomUUID();
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId,
      clientId,
      messageCount: 2,
      userIp: "203.0.113.9",
      userAgent: "Test browser",
      contactDetails: contact,
    })
    .returning();
  const stored = await db
    .insert(messages)
    .values(
      ["Hello", "Call me"].map((text) => ({
        sessionId: session!.id,
        clientId,
        userMessage: text,
        aiResponse: "Sure",
        messageType: "conversation" as const,
        costCents: 100,
      })),
    )
    .returning();
  await db.insert(messageImages).values({
    messageId: stored[0]!.id,
    clientId,
    name: "cake.png",
    mime: "image/png",
    size: 3,
    data: Buffer.from("png"),
  });
  await db.insert(completedFunctions).values({
    clientId,
    sessionId: session!.id,
    functionType: "client_introduction_complete",
    clientDetails: contact,
  });
  await db.insert(leadDeliveries).values({
    clientId,
    channel: "webhook",
    event: "lead.collected",
    dedupeKey: `session:${session!.id}:lead.collected`,
    payload: { session: { id: publicId }, contact },
  });
  return { id: session!.id, publicId };
}
