import { z } from "zod";

/** The preview's question box holds what the chat widget's visitor may send in one message. */
export const PREVIEW_MESSAGE_MAX = 500;
/** The turns the preview keeps (and the assistant reads): older ones drop off the top. */
export const PREVIEW_TURNS = 20;

export type PreviewTurn = { question: string; answer: string };

export const previewSchema = z.object({
  clientId: z.coerce.number("errors.chooseClient").int().positive("errors.chooseClient"),
  message: z.string("errors.required").trim().min(1, "errors.required").max(PREVIEW_MESSAGE_MAX, "errors.tooLong"),
});

const turnSchema = z.object({ question: z.string().max(PREVIEW_MESSAGE_MAX), answer: z.string().max(10_000) });

/**
 * The conversation so far, carried by the preview form as JSON in a hidden field. It is only shown
 * back and given to the assistant as context, so one that is not a conversation starts a new one.
 */
export const conversationSchema = z
  .string()
  .max(PREVIEW_TURNS * 11_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "errors.invalid" });
      return z.NEVER;
    }
  })
  .pipe(z.array(turnSchema).max(PREVIEW_TURNS))
  .catch([]);
