import { LRUCache } from "lru-cache";
import { questionSearchWords } from "#db/search-text.ts";
import type { KnowledgePassage } from "~/models/knowledge-entry.server.ts";

/**
 * Search results kept in this server's memory, so a question asked again ("when are you open?")
 * is not searched again while the client's knowledge is unchanged. A result is kept under the
 * client's knowledge revision, a new number with every change to its knowledge entries (a trigger,
 * migration 0043), read with the client on every message: a change made through any server is
 * never answered from an older result. Two questions with the same search words ("Hours?" and
 * "hours") are one. The search (app/models/knowledge-entry.server.ts) was most of a message's
 * database time: docs/request-cost.md.
 */
export type PassageQuestion = { clientId: number; knowledgeRevision: number; message: string; limit: number };

/** At most this much text (in UTF-16 code units, about bytes for English and twice for Hebrew). */
const CACHE_TEXT_UNITS = 16 * 1024 * 1024;

const passages = new LRUCache<string, KnowledgePassage[]>({
  maxSize: CACHE_TEXT_UNITS,
  sizeCalculation: (found, key) =>
    key.length + found.reduce((size, passage) => size + passage.topic.length + passage.content.length + 64, 0),
});

const keyOf = ({ clientId, knowledgeRevision, message, limit }: PassageQuestion) =>
  `${clientId}:${knowledgeRevision}:${limit}:${JSON.stringify(questionSearchWords(message))}`;

export function cachedPassages(question: PassageQuestion): KnowledgePassage[] | undefined {
  return passages.get(keyOf(question));
}

export function keepPassages(question: PassageQuestion, found: KnowledgePassage[]) {
  passages.set(keyOf(question), found);
}
