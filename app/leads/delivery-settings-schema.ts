import { z } from "zod";
import { CLIENT_LANGUAGES } from "#db/vocabulary.ts";

/** Messages are keys of the `deliveries` namespace. */
export const WEBHOOK_URL_MAX = 2000;

/**
 * The client's lead delivery settings: the e-mails' language and the webhook address (empty: none).
 * The address's network check needs DNS, so the server adds it (app/leads/delivery-settings.server.ts).
 */
export const deliverySettingsSchema = z.object({
  language: z.enum(CLIENT_LANGUAGES, "errors.languageInvalid"),
  webhookUrl: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX, "errors.webhookTooLong")
    .pipe(z.url({ protocol: /^https?$/, error: "errors.webhookInvalid" }))
    .optional(),
});
export type DeliverySettingsInput = z.infer<typeof deliverySettingsSchema>;
