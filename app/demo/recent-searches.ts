import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";

export const RECENT_SEARCHES_KEY = "alex-demo:recent-searches";
export const RECENT_SEARCHES_LIMIT = 5;

export const recentSearchesSchema = z
  .array(z.string().min(1).max(MESSAGE_MAX_LENGTH))
  .transform((searches) => searches.slice(0, RECENT_SEARCHES_LIMIT));

/** Newest first, each text once, at most a handful. */
export function withRecentSearch(searches: readonly string[], text: string): string[] {
  return [text, ...searches.filter((search) => search !== text)].slice(0, RECENT_SEARCHES_LIMIT);
}
