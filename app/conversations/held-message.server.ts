import type { Database } from "#db/connection.ts";
import type { Channel, FunctionClientDetails } from "#db/vocabulary.ts";
import { extractContactDetails, mergeContactDetails } from "~/assistant/contact-details.ts";
import { announceStoredMessage, type StoredMessageNews } from "~/live/announce.server.ts";
import { countMessageInChatSession, recordChatSessionConsent } from "~/models/chat-session.server.ts";
import type { ReplyJob } from "./message-service.server.ts";
import { AlreadyAnswered, replyOfFirstRequest, storeMessageOnce, type MessageReply } from "./stored-message.server.ts";
import { consentGiven, keepVisitorDetails } from "./visitor-details.server.ts";

export type HeldMessageJob = Pick<
  ReplyJob,
  "admission" | "input" | "images" | "mailEnabled" | "liveEvents" | "receivedAt" | "backOfficeOrigin"
> & {
  channel?: Channel;
};

/**
 * A visitor's message while a person holds the session (docs/decisions/027-take-over.md): Alex does
 * not answer, so nothing is asked of the model and nothing is billed. The message is stored as the
 * visitor's alone (role `visitor`, no reply, cost 0) with its images, under the same clientMessageId
 * rule, and the details it gives are kept as Alex would keep them, if the visitor consented.
 */
export async function recordHeldMessage(db: Database, job: HeldMessageJob): Promise<MessageReply> {
  const { client, session } = job.admission;
  if (!session) throw new Error("Only a session someone holds can get a held message");
  const now = new Date();
  const consented = consentGiven(client, session, job.input);
  const known: FunctionClientDetails = session.contactDetails ?? {};
  const news: StoredMessageNews = { newSession: false, newLead: false };
  try {
    const stored = await db.transaction(async (tx) => {
      await countMessageInChatSession(tx, session.id, now);
      const messageId = await storeMessageOnce(
        tx,
        {
          sessionId: session.id,
          clientId: client.id,
          clientMessageId: job.input.clientMessageId,
          userMessage: job.input.message,
          aiResponse: "",
          role: "visitor",
          messageType: "general",
          costCents: 0,
          responseMs: 0,
          createdAt: now,
        },
        job.images,
      );
      if (job.input.consent && !session.consentAt) await recordChatSessionConsent(tx, session.id, now);
      if (consented) {
        const details = mergeContactDetails(known, extractContactDetails(job.input.message));
        news.newLead = await keepVisitorDetails(tx, {
          client,
          mailEnabled: job.mailEnabled,
          backOfficeOrigin: job.backOfficeOrigin,
          session: { id: session.id, publicId: session.publicId },
          known,
          details,
          now,
        });
      }
      return {
        sessionId: session.publicId,
        messageId,
        reply: "",
        messageType: "general",
        cost: 0,
        heldBy: true as const,
      };
    });
    announceStoredMessage(
      job.liveEvents,
      {
        clientId: client.id,
        isDemo: client.isDemo,
        receivedAt: job.receivedAt,
        channel: job.channel,
        role: "visitor",
        ...news,
      },
      stored,
    );
    return stored;
  } catch (error) {
    if (!(error instanceof AlreadyAnswered)) throw error;
    return replyOfFirstRequest(db, { clientId: client.id, clientMessageId: job.input.clientMessageId }, error);
  }
}
