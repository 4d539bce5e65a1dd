import { z } from "zod";

/** Meta and Telegram add fields over time: unknown ones are dropped, never refused. */
const id = z.string().trim().min(1).max(128);

/** A WhatsApp webhook (Cloud API): messages and status updates, per phone number. */
export const whatsappWebhookSchema = z.object({
  object: z.string().max(64),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({
                metadata: z.object({ phone_number_id: id }),
                messages: z
                  .array(
                    z.object({
                      from: z.string().regex(/^\d{5,20}$/),
                      id,
                      type: z.string().max(32),
                      text: z.object({ body: z.string().max(65_536) }).optional(),
                      image: z.object({ id, caption: z.string().max(65_536).optional() }).optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .min(1)
    .max(100),
});
export type WhatsAppWebhook = z.infer<typeof whatsappWebhookSchema>;

/** Meta's verification handshake: GET with hub.mode, hub.verify_token and hub.challenge. */
export const whatsappVerificationSchema = z.object({
  "hub.mode": z.literal("subscribe"),
  "hub.verify_token": z.string().min(1).max(256),
  "hub.challenge": z.string().min(1).max(256),
});

/** A Telegram update: only messages are asked for (setWebhook's allowed_updates). */
export const telegramUpdateSchema = z.object({
  update_id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  message: z
    .object({
      chat: z.object({ id: z.number().int() }),
      from: z
        .object({ language_code: z.string().max(35).optional(), username: z.string().max(64).optional() })
        .optional(),
      text: z.string().max(65_536).optional(),
      caption: z.string().max(65_536).optional(),
      photo: z
        .array(
          z.object({
            file_id: id,
            file_size: z.number().int().nonnegative().optional(),
            width: z.number().int().nonnegative(),
            height: z.number().int().nonnegative(),
          }),
        )
        .max(20)
        .optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;

/** The bot id in the webhook's path: the digits before the colon of the bot's token. */
export const telegramAccountIdSchema = z.string().regex(/^\d{1,20}$/);
