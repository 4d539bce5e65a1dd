import { z } from "zod";
import { CLIENT_LANGUAGES } from "#db/vocabulary.ts";

/** Messages are keys of the `deliveries` namespace. */
export const WEBHOOK_URL_MAX = 2000;

/**
 * The client's lead delivery settings: the e-mails' language and the webhook address (empty: none).
 * The address's network check needs DNS, so the server adds it (app/leads/delivery-settings.server.ts).
 */
const language = z.enum(CLIENT_LANGUAGES, "errors.languageInvalid");
const webhookUrl = z
  .string("errors.webhookInvalid")
  .trim()
  .max(WEBHOOK_URL_MAX, "errors.webhookTooLong")
  .pipe(z.url({ protocol: /^https?$/, error: "errors.webhookInvalid" }));

export const deliverySettingsSchema = z.object({ language, webhookUrl: webhookUrl.optional() });

/**
 * `PUT /api/clients/{id}/lead-delivery`: either field alone; a webhook address of "" or null removes it.
 * Other fields (what the GET answered) are ignored.
 */
export const deliverySettingsApiSchema = z
  .object({
    language: language.optional(),
    webhookUrl: z.union([z.literal("").transform(() => null), z.null(), webhookUrl]).optional(),
  })
  .refine((update) => update.language !== undefined || update.webhookUrl !== undefined, "errors.nothingToUpdate");
