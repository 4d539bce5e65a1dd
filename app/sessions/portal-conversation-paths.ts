import type { LiveStreamPlace } from "~/live/live-events.tsx";

/** A business's conversations in its portal (app/routes/portal/conversation*.tsx). */
export const PORTAL_CONVERSATIONS = "/portal/conversations";

export const portalConversationPath = (sessionId: string) => `${PORTAL_CONVERSATIONS}/${encodeURIComponent(sessionId)}`;

/** A visitor's uploaded image, served to the business's own people only (app/routes/portal/conversation-image.ts). */
export const portalConversationImagePath = (sessionId: string, imageId: number) =>
  `${portalConversationPath(sessionId)}/images/${imageId}`;

/** The portal's live stream: the business's own events only (app/routes/portal/live.ts). */
export const PORTAL_LIVE: LiveStreamPlace = {
  streamPath: "/portal/live",
  seenPages: { sessions: PORTAL_CONVERSATIONS, leads: "/portal/leads" },
};
