import { z } from "zod";

/** A gap group's id, as "Answer this" and the FAQ editor carry it. */
export const gapIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The session page's "Mark as wrong": which of its replies. */
export const markWrongSchema = z.object({
  intent: z.literal("mark-wrong"),
  messageId: z.coerce.number("errors.messageRequired").int().positive().max(2_147_483_647),
});
