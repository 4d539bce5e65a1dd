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

/** The channel cards' tries: checking a connected account, and sending it a test message. */
export const TRIAL_INTENTS = ["check-channel", "send-test-message"] as const;
export type TrialIntent = (typeof TRIAL_INTENTS)[number];

export const checkChannelSchema = z.object({ channel: z.enum(MESSAGING_CHANNELS, "errors.channelInvalid") });

/** WhatsApp's number in international form (digits, country code first, an optional +); Telegram's chat id. */
const WHATSAPP_RECIPIENT = /^\+?[1-9]\d{7,14}$/;
const TELEGRAM_CHAT_ID = /^-?\d{1,20}$/;

export const testMessageSchema = z
  .object({
    channel: z.enum(MESSAGING_CHANNELS, "errors.channelInvalid"),
    to: z.string("trial.errors.recipientRequired").trim().min(1, "trial.errors.recipientRequired"),
  })
  .superRefine(({ channel, to }, issues) => {
    const compact = channel === "whatsapp" ? to.replace(/[\s()-]/g, "") : to;
    if (channel === "whatsapp" && !WHATSAPP_RECIPIENT.test(compact))
      issues.addIssue({ code: "custom", path: ["to"], message: "trial.errors.phoneInvalid" });
    if (channel === "telegram" && !TELEGRAM_CHAT_ID.test(compact))
      issues.addIssue({ code: "custom", path: ["to"], message: "trial.errors.chatIdInvalid" });
  })
  .transform(({ channel, to }) => ({
    channel,
    // Meta takes the number without its + or spaces.
    to: channel === "whatsapp" ? to.replace(/[\s()+-]/g, "") : to,
  }));
