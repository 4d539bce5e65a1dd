import type { Database } from "#db/connection.ts";
import { detectLanguage } from "~/assistant/language.ts";
import { findLastVisitorText } from "~/models/handoff.server.ts";
import { listRepliesForClient } from "~/models/saved-replies.server.ts";
import { apiTextIn } from "~/server/json-api.server.ts";
import type { ReplyTools } from "./saved-reply-match.ts";

/**
 * The reply box's saved replies for one conversation: its business's and the shared ones. The
 * conversation's language is the visitor's last message's (Hebrew where nothing says otherwise, as
 * the widget opens).
 */
export async function loadReplyTools(
  db: Database,
  session: { id: number; clientId: number; contactDetails: { clientName?: string } },
): Promise<ReplyTools> {
  const [rows, lastText, he, en] = await Promise.all([
    listRepliesForClient(db, session.clientId),
    findLastVisitorText(db, session.id),
    apiTextIn("he", "sessions"),
    apiTextIn("en", "sessions"),
  ]);
  return {
    replies: rows.map((row) => ({
      id: row.id,
      name: row.name,
      shared: row.clientId === null,
      textHe: row.textHe,
      textEn: row.textEn,
    })),
    language: detectLanguage(lastText, "he"),
    visitorName: session.contactDetails.clientName?.trim() || null,
    fallbackNames: { he: he("handoff.replyBox.visitorFallback"), en: en("handoff.replyBox.visitorFallback") },
  };
}
