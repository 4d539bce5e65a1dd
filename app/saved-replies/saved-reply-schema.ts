import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { multiLineText, singleLineText } from "~/lib/text.ts";

/** The saved-replies page's posts: add one, change one, delete one (asked first). */
export const SAVED_REPLY_INTENTS = ["add", "edit", "delete"] as const;
export const savedReplyIntentSchema = z.enum(SAVED_REPLY_INTENTS);

export const SAVED_REPLY_NAME_MAX = 40;
/** Where the back-office's form says a reply is every client's. */
export const SHARED_OWNER = "shared";

/** A reply's name is what follows `/` in the reply box: one word of letters, digits, `-` and `_`. */
const nameSchema = singleLineText("errors.nameRequired")
  .trim()
  .toLowerCase()
  .min(1, "errors.nameRequired")
  .max(SAVED_REPLY_NAME_MAX, "errors.nameTooLong")
  .regex(/^[\p{L}\p{N}_-]+$/u, "errors.nameInvalid");

/** A text a visitor receives: as long as a message may be, so the widget shows it the same way. */
const textSchema = multiLineText("errors.tooLong").trim().max(MESSAGE_MAX_LENGTH, "errors.tooLong").default("");

const fields = { name: nameSchema, textHe: textSchema, textEn: textSchema };

const someText = (reply: { textHe: string; textEn: string }, ctx: z.RefinementCtx) => {
  if (!reply.textHe && !reply.textEn)
    ctx.addIssue({ code: "custom", path: ["textHe"], message: "errors.textRequired" });
};

/** A business's form: its replies are always its own (the session names the business). */
export const businessSavedReplySchema = z.object(fields).superRefine(someText);

/** The back-office's form also says whose the reply is: one client's, or every client's. */
export const teamSavedReplySchema = z
  .object({
    ...fields,
    owner: z.union(
      [z.literal(SHARED_OWNER), z.coerce.number("errors.owner").int("errors.owner").positive("errors.owner")],
      "errors.owner",
    ),
  })
  .superRefine(someText);

export const savedReplyIdSchema = z.coerce.number().int().positive();
