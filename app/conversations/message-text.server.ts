import type { Language } from "~/i18n/config.ts";
import { apiTextIn } from "~/server/json-api.server.ts";

/** The texts of a message's answers and refusals in the visitor's language: the conversations namespace, then common's. */
export const messageText = (language: Language) => apiTextIn(language, "conversations");
