/** The two messages between the plugin's launcher (the business's page) and the chat UI in its iframe. */
export const LAUNCHER_CLOSE_MESSAGE = "alex:close";
export const LAUNCHER_FOCUS_MESSAGE = "alex:focus";
