import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";

/** The longest way back the login form carries; a longer address brings the operator back to its page alone. */
export const REDIRECT_TO_MAX_LENGTH = 2000;

/** Messages are translation keys, so the browser and the server show them in the page's language. */
export const loginSchema = z.object({
  username: singleLineText({ error: "login.usernameRequired" }).trim().min(1, "login.usernameRequired").max(64),
  password: z.string({ error: "login.passwordRequired" }).min(1, "login.passwordRequired").max(200),
  redirectTo: z.string().max(REDIRECT_TO_MAX_LENGTH).optional(),
});

/** What POST /login answers when it does not redirect: Conform's reply, read by the login forms. */
export type LoginReply = { result: SubmissionResult<string[]> };
