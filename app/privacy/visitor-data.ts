import { z } from "zod";
import { VISITOR_SEARCH_KINDS, type VisitorSearchKind } from "#db/vocabulary.ts";

/** A session id, a phone or an e-mail is never longer; a longer value is refused, not searched. */
export const VISITOR_VALUE_MAX = 200;

/**
 * The client page's visitor search, export and erasure (Privacy tab): what to look for and how.
 * Messages are keys of the `clients` namespace.
 */
export const visitorSearchSchema = z
  .object({
    kind: z.enum(VISITOR_SEARCH_KINDS, "detail.privacy.errors.kind"),
    q: z
      .string("detail.privacy.errors.value")
      .trim()
      .min(1, "detail.privacy.errors.value")
      .max(VISITOR_VALUE_MAX, "detail.privacy.errors.tooLong"),
  })
  .superRefine(({ kind, q }, context) => {
    if (kind === "phone" && normaliseVisitorValue(kind, q).length < 7)
      context.addIssue({ code: "custom", path: ["q"], message: "detail.privacy.errors.phone" });
    if (kind === "email" && !z.email().safeParse(q).success)
      context.addIssue({ code: "custom", path: ["q"], message: "detail.privacy.errors.email" });
    if (kind === "telegram" && !TELEGRAM_USER.test(normaliseVisitorValue(kind, q)))
      context.addIssue({ code: "custom", path: ["q"], message: "detail.privacy.errors.telegram" });
  });

/** A Telegram chat id (digits, a group's with a minus) or a username (5-32 letters, digits and underscores). */
const TELEGRAM_USER = /^(-?\d{1,20}|[a-z][a-z0-9_]{4,31})$/;

/**
 * The value as stored data is compared with: a phone as digits (972 as a leading 0), an e-mail in
 * lower case, a Telegram username without its @ in lower case (Telegram ignores case in them).
 */
export function normaliseVisitorValue(kind: VisitorSearchKind, value: string) {
  const trimmed = value.trim();
  if (kind === "phone") return trimmed.replace(/\D/g, "").replace(/^972/, "0");
  if (kind === "email") return trimmed.toLowerCase();
  if (kind === "telegram") return trimmed.replace(/^@/, "").toLowerCase();
  return trimmed;
}
