import type { Language } from "~/i18n/config.ts";
import { detectLanguage } from "./language.ts";

/** A client's greetings as the training stores them: Hebrew in `greeting`, English in `greetingEn`. */
export type ClientGreetings = { greeting: string; greetingEn: string };

/**
 * The client's own greeting for a chat in this language: the one stored for it, or the other one
 * when it is written in this language (a greeting typed in English before `greetingEn` existed);
 * undefined when neither is, and the caller greets with its own words naming the business.
 */
export function clientGreetingFor(
  greetings: ClientGreetings | null | undefined,
  language: Language,
): string | undefined {
  if (!greetings) return undefined;
  const [own, other] =
    language === "en" ? [greetings.greetingEn, greetings.greeting] : [greetings.greeting, greetings.greetingEn];
  return [own, other].map((text) => text.trim()).find((text) => text && detectLanguage(text, language) === language);
}
