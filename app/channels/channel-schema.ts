import { z } from "zod";
import { MESSAGING_CHANNELS } from "#db/vocabulary.ts";

/** The Channels tab's posts (messages are keys of the `channels` namespace). */
export const CHANNEL_INTENTS = ["connect-whatsapp", "connect-telegram", "disconnect-channel"] as const;

/** A token or secret left empty keeps the one stored (the form never shows them). */
const keptWhenEmpty = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(1000, message)
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().regex(pattern, message).optional());

export const whatsappFormSchema = z.object({
  /** Meta's id of the business's phone number (not the number itself). */
  phoneNumberId: z
    .string("errors.phoneNumberIdInvalid")
    .trim()
    .regex(/^\d{5,30}$/, "errors.phoneNumberIdInvalid"),
  accessToken: keptWhenEmpty(/^[\w.|-]{20,1000}$/, "errors.accessTokenInvalid"),
  appSecret: keptWhenEmpty(/^[\w-]{16,200}$/, "errors.appSecretInvalid"),
});

/** BotFather's token: the bot's id, a colon, then its secret part. */
export const TELEGRAM_TOKEN = /^(\d{1,20}):[\w-]{30,100}$/;

export const telegramFormSchema = z.object({
  botToken: keptWhenEmpty(TELEGRAM_TOKEN, "errors.botTokenInvalid"),
});

export const disconnectSchema = z.object({ channel: z.enum(MESSAGING_CHANNELS, "errors.channelInvalid") });
