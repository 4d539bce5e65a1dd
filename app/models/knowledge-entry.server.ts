import { and, asc, eq, sql } from "drizzle-orm";
import { selectRows, type Database } from "#db/connection.ts";
import { knowledgeEntries } from "#db/schema.ts";
import { type KNOWLEDGE_ORIGINS } from "#db/vocabulary.ts";
import { inTopic, knowledgeSearchText, questionSearchWords, toTsQueryAlternatives } from "#db/search-text.ts";

export type NewKnowledgeEntry = Pick<
  typeof knowledgeEntries.$inferInsert,
  "clientId" | "topic" | "sourceUrl" | "content" | "origin"
>;

export type KnowledgeOrigin = (typeof KNOWLEDGE_ORIGINS)[number];

export type KnowledgePassage = {
  id: number;
  topic: string;
  content: string;
  sourceUrl: string | null;
  /** How well it answers: the summed rarity of the question's words it contains. */
  score: number;
};

const INSERT_BATCH = 500;
/** A question's word found in a passage's topic counts this much more than one found in its text. */
const TOPIC_BONUS = 1.5;

/** Every writer of knowledge entries goes through here, so the search text is always the normalised one. */
export async function insertKnowledgeEntries(db: Database, entries: readonly NewKnowledgeEntry[]) {
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    const batch = entries.slice(start, start + INSERT_BATCH);
    await db
      .insert(knowledgeEntries)
      .values(batch.map((entry) => ({ ...entry, searchText: knowledgeSearchText(entry.topic, entry.content) })));
  }
  // Fresh statistics keep the search's plan on the index: without them (PGlite runs no autovacuum)
  // a query over a new client's 1,000 entries took 200 ms instead of 5.
  if (entries.length > 0) await db.execute(sql`analyze ${knowledgeEntries}`);
}

/**
 * The client's passages that best answer a question, best first. PostgreSQL full-text search
 * ('simple' configuration over our own Hebrew-aware normalisation) finds the passages sharing any
 * word with the question; each shared word then counts by how rare it is among the client's passages
 * (BM25's inverse document frequency: "dishwasher" says more than "install"), and more when it is in
 * the passage's topic; ts_rank with length
 * normalisation orders equal scores, and the older entry wins a complete tie.
 */
export async function searchKnowledge(db: Database, clientId: number, question: string, limit = 3): Promise<KnowledgePassage[]> {
  const words = questionSearchWords(question);
  if (words.length === 0) return [];
  const anyWord = toTsQueryAlternatives(words.flat());
  const wordQueries = JSON.stringify(
    words.map((forms) => ({ anywhere: toTsQueryAlternatives(forms), topic: toTsQueryAlternatives(forms.map(inTopic)) })),
  );
  const rows = await selectRows<{ id: number; topic: string; content: string; source_url: string | null; score: number }>(db, sql`
    with words as (
      select word, to_tsquery('simple', forms->>'anywhere') as query, to_tsquery('simple', forms->>'topic') as topic_query
      from jsonb_array_elements(${wordQueries}::jsonb) with ordinality as question(forms, word)
    ),
    candidates as (
      select id, topic, content, source_url, search_vector
      from ${knowledgeEntries}
      where client_id = ${clientId} and search_vector @@ to_tsquery('simple', ${anyWord})
    ),
    total as (
      select count(*)::float8 as passages from ${knowledgeEntries} where client_id = ${clientId}
    ),
    rarity as (
      select words.word, words.query, words.topic_query,
        ln(1 + (max(total.passages) - count(*) + 0.5) / (count(*) + 0.5)) as weight
      from words join candidates on candidates.search_vector @@ words.query cross join total
      group by words.word, words.query, words.topic_query
    )
    select candidates.id, candidates.topic, candidates.content, candidates.source_url,
      sum(rarity.weight * (case when candidates.search_vector @@ rarity.topic_query then ${TOPIC_BONUS}::float8 else 1 end))::float8 as score,
      ts_rank(candidates.search_vector, to_tsquery('simple', ${anyWord}), 1)::float8 as rank
    from candidates join rarity on candidates.search_vector @@ rarity.query
    group by candidates.id, candidates.topic, candidates.content, candidates.source_url, candidates.search_vector
    order by score desc, rank desc, candidates.id asc
    limit ${limit}
  `);
  return rows.map((row) => ({
    id: Number(row.id),
    topic: row.topic,
    content: row.content,
    sourceUrl: row.source_url,
    score: Number(row.score),
  }));
}

/** Entries written before the search text existed get it once, at start-up. */
export async function backfillKnowledgeSearchText(db: Database): Promise<number> {
  const missing = await db
    .select({ id: knowledgeEntries.id, topic: knowledgeEntries.topic, content: knowledgeEntries.content })
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.searchText, ""));
  for (const entry of missing) {
    await db
      .update(knowledgeEntries)
      .set({ searchText: knowledgeSearchText(entry.topic, entry.content) })
      .where(eq(knowledgeEntries.id, entry.id));
  }
  return missing.length;
}

export async function countKnowledgeEntries(db: Database, clientId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(knowledgeEntries).where(eq(knowledgeEntries.clientId, clientId));
  return row?.count ?? 0;
}

/**
 * A source's entries replaced by a fresh set in one transaction: a re-scan of a page (or a new
 * HivePress sync) leaves no stale topics behind, and a failure leaves the old ones in place.
 */
export async function replaceKnowledgeEntries(
  db: Database,
  scope: { clientId: number; origin: KnowledgeOrigin; sourceUrl?: string },
  entries: readonly NewKnowledgeEntry[],
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(knowledgeEntries)
      .where(
        and(
          eq(knowledgeEntries.clientId, scope.clientId),
          eq(knowledgeEntries.origin, scope.origin),
          scope.sourceUrl === undefined ? undefined : eq(knowledgeEntries.sourceUrl, scope.sourceUrl),
        ),
      );
    await insertKnowledgeEntries(tx, entries);
  });
}

/** A client's entries of one origin, oldest first: the settings page's extracted topics. */
export async function listKnowledgeEntries(db: Database, clientId: number, origin: KnowledgeOrigin) {
  return db
    .select({ id: knowledgeEntries.id, topic: knowledgeEntries.topic, sourceUrl: knowledgeEntries.sourceUrl, content: knowledgeEntries.content })
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.clientId, clientId), eq(knowledgeEntries.origin, origin)))
    .orderBy(asc(knowledgeEntries.id));
}
