/** The messages between the plugin's launcher (the business's page) and the chat UI in its iframe. */
export const LAUNCHER_CLOSE_MESSAGE = "alex:close";
export const LAUNCHER_FOCUS_MESSAGE = "alex:focus";
/**
 * Sent by every page of ours the frame can show (the chat, and the unknown-license and unavailable
 * pages): without it the launcher knows the frame holds a browser error page instead (our server down,
 * or the site not allowed to frame the chat) and offers its own way out.
 */
export const LAUNCHER_READY_MESSAGE = "alex:ready";
