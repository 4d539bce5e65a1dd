/** After this many replies in a session the widget asks, once, whether Alex helped. */
export const FEEDBACK_AFTER_REPLIES = 3;

/**
 * The end of a conversation, as the widget can see it: the visitor has had enough replies to
 * judge, or Alex has just collected their contact details (a function completed).
 */
export function shouldAskForFeedback(state: {
  replies: number;
  lastMessageType: string | null;
  alreadyAsked: boolean;
}) {
  if (state.alreadyAsked || state.replies === 0) return false;
  return state.replies >= FEEDBACK_AFTER_REPLIES || state.lastMessageType === "contact_collected";
}
