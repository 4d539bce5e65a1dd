import type { Language } from "~/i18n/config.ts";

/** A saved reply as the reply box knows it: its name, whose it is, and its text in each language. */
export type SavedReplyOption = { id: number; name: string; shared: boolean; textHe: string; textEn: string };

/** A reply the list offers: its text in the conversation's language when it has one, else the other. */
export type SavedReplyMatch = SavedReplyOption & { text: string; language: Language };

/** What the reply box offers after `/`: the replies, the conversation's language, who the visitor is. */
export type ReplyTools = {
  replies: SavedReplyOption[];
  /** The language the visitor writes in: its replies come first, in their text in it. */
  language: Language;
  /** The visitor's name as they gave it, for `{visitor_name}`; null when they gave none. */
  visitorName: string | null;
  /** The word `{visitor_name}` becomes in each language when the visitor gave no name. */
  fallbackNames: Record<Language, string>;
};

/** The `/name` being typed: where the slash is and the letters after it, up to the caret. */
export type SlashQuery = { start: number; end: number; query: string };

/** Letters of any script, digits, `-` and `_`: what a name is made of (saved-reply-schema.ts). */
const NAME_CHARACTERS = /^[\p{L}\p{N}_-]*$/u;

/** How many replies the list shows at once: more is a list nobody reads while a visitor waits. */
export const MATCH_LIMIT = 8;

/**
 * The `/` and letters right before the caret, when the slash starts the text or a word: "/thanks"
 * and "Hi /than" are queries, "and/or" and "http://x" are not, and neither is "/" followed by a space.
 */
export function findSlashQuery(text: string, caret: number): SlashQuery | null {
  const before = text.slice(0, caret);
  const slash = before.lastIndexOf("/");
  if (slash < 0) return null;
  if (slash > 0 && !/\s/.test(before[slash - 1]!)) return null;
  const query = before.slice(slash + 1);
  if (!NAME_CHARACTERS.test(query)) return null;
  return { start: slash, end: caret, query };
}

const textIn = (reply: SavedReplyOption, language: Language) => (language === "he" ? reply.textHe : reply.textEn);

/**
 * The replies whose name fits the query, best first: a name that starts with it before one that
 * only contains it, then the replies written in the conversation's language, the business's own
 * before the shared ones, then by name. Each comes with the text to insert.
 */
export function matchSavedReplies(
  replies: readonly SavedReplyOption[],
  query: string,
  language: Language,
  limit = MATCH_LIMIT,
): SavedReplyMatch[] {
  const wanted = query.toLocaleLowerCase();
  const other: Language = language === "he" ? "en" : "he";
  return replies
    .map((reply) => {
      const name = reply.name.toLocaleLowerCase();
      const at = name.indexOf(wanted);
      const inLanguage = textIn(reply, language) !== "";
      return { reply, at, inLanguage };
    })
    .filter(({ at }) => at >= 0)
    .sort(
      (a, b) =>
        Number(a.at !== 0) - Number(b.at !== 0) ||
        Number(!a.inLanguage) - Number(!b.inLanguage) ||
        Number(a.reply.shared) - Number(b.reply.shared) ||
        a.reply.name.localeCompare(b.reply.name),
    )
    .slice(0, limit)
    .map(({ reply, inLanguage }) => ({
      ...reply,
      language: inLanguage ? language : other,
      text: inLanguage ? textIn(reply, language) : textIn(reply, other),
    }));
}

/** `{visitor_name}`, as written or with spaces inside the braces and any letter case. */
const VISITOR_NAME = /\{\s*visitor_name\s*\}/giu;

/**
 * A reply's text with `{visitor_name}` filled in: the name the visitor gave, or the fallback word
 * of the reply's language ("there", "לך") when they gave none.
 */
export function fillVisitorName(text: string, visitorName: string | null | undefined, fallback: string) {
  const name = visitorName?.trim() || fallback;
  return text.replace(VISITOR_NAME, () => name);
}

/** The text with the `/query` replaced by `insert`, and where the caret goes: right after it. */
export function insertAtQuery(text: string, query: SlashQuery, insert: string) {
  const value = text.slice(0, query.start) + insert + text.slice(query.end);
  return { value, caret: query.start + insert.length };
}
