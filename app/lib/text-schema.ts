import { z } from "zod";

/** Control characters other than tab and line breaks: never part of text a person typed. */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

/** Trimmed text of at most `max` characters, control characters refused; messages are translation keys. */
export function plainText(max: number) {
  return z
    .string()
    .trim()
    .max(max, "errors.tooLong")
    .refine((value) => !CONTROL_CHARACTERS.test(value), "errors.controlCharacters");
}
