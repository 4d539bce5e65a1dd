import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";

export const PREVIEW_PHONE_MAX_LENGTH = 15;
export const PREVIEW_NAME_MAX_LENGTH = 50;

/** Messages are translation keys of the "demo" namespace, shown in the page's language. */
export const PREVIEW_REQUIRED_ERRORS = ["preview.errors.phoneRequired", "preview.errors.nameRequired"];

export const contactPreviewSchema = z.object({
  phone: singleLineText({ error: "preview.errors.phoneRequired" })
    .trim()
    .min(1, { error: "preview.errors.phoneRequired", abort: true })
    .max(PREVIEW_PHONE_MAX_LENGTH, "preview.errors.phoneTooLong")
    // Digits, spaces and dashes only, and at least one digit: "- -" is not a phone number.
    .regex(/^[\d\s-]*\d[\d\s-]*$/, "preview.errors.phoneFormat"),
  fullName: singleLineText({ error: "preview.errors.nameRequired" })
    .trim()
    .min(1, { error: "preview.errors.nameRequired", abort: true })
    .max(PREVIEW_NAME_MAX_LENGTH, "preview.errors.nameTooLong"),
});
