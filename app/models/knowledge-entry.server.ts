import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { selectRows, withStatementTimeout, type Database } from "#db/connection.ts";
import { knowledgeEntries } from "#db/schema.ts";
import { type KNOWLEDGE_ORIGINS } from "#db/vocabulary.ts";
import { knowledgeSearchText, questionSearchWords, toTsQueryAlternatives } from "#db/search-text.ts";

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
  origin: KnowledgeOrigin;
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
 * the passage's topic; ts_rank with length normalisation orders equal scores, and the older entry
 * wins a complete tie.
 *
 * With `timeoutMs` the query runs under that statement_timeout and throws a StatementTimeout
 * when PostgreSQL cancels it (PGlite has no timers and ignores it).
 */
export async function searchKnowledge(
  db: Database,
  clientId: number,
  question: string,
  limit = 3,
  options: { timeoutMs?: number } = {},
): Promise<KnowledgePassage[]> {
  const words = questionSearchWords(question);
  if (words.length === 0) return [];
  const query = knowledgeSearchQuery(clientId, words, limit);
  type Row = {
    id: number;
    topic: string;
    content: string;
    source_url: string | null;
    origin: KnowledgeOrigin;
    score: number;
  };
  const rows =
    options.timeoutMs === undefined
      ? await selectRows<Row>(db, query)
      : await withStatementTimeout(db, options.timeoutMs, (tx) => selectRows<Row>(tx, query));
  return rows.map((row) => ({
    id: Number(row.id),
    topic: row.topic,
    content: row.content,
    sourceUrl: row.source_url,
    origin: row.origin,
    score: Number(row.score),
  }));
}

/**
 * The search's cost follows the passages it reads, not the question's words times the passages:
 * one GIN lookup finds the passages sharing any form, and each of them is read once. Its vector is
 * narrowed to the question's forms there (setweight marks them B, ts_filter keeps only B), so the
 * per-word scoring joins a handful of lexemes, and its topic (weight A) is narrowed the same way.
 * Testing each word against each passage instead (`vector @@ word`) read a large passage's vector
 * once per word: a 300-word message over 2,000 scanned pages took three minutes.
 */
function knowledgeSearchQuery(clientId: number, words: string[][], limit: number) {
  const forms = words.flatMap((wordForms, word) => wordForms.map((form) => ({ word, form })));
  const anyForm = toTsQueryAlternatives(forms.map(({ form }) => form));
  return sql`
    with forms as (
      select (form->>'word')::int as word, form->>'form' as lexeme
      from jsonb_array_elements(${JSON.stringify(forms)}::jsonb) as form
    ),
    question as (
      select array_agg(distinct lexeme) as lexemes from forms
    ),
    candidates as materialized (
      select id,
        ts_filter(setweight(search_vector, 'B', question.lexemes), '{b}') as found,
        tsvector_to_array(ts_filter(setweight(ts_filter(search_vector, '{a}'), 'B', question.lexemes), '{b}')) as found_in_topic
      from ${knowledgeEntries} cross join question
      where client_id = ${clientId} and search_vector @@ to_tsquery('simple', ${anyForm})
    ),
    hits as (
      select candidates.id, forms.word, bool_or(found.lexeme = any(candidates.found_in_topic)) as in_topic
      from candidates cross join lateral unnest(candidates.found) as found
        join forms on forms.lexeme = found.lexeme
      group by candidates.id, forms.word
    ),
    total as (
      select count(*)::float8 as passages from ${knowledgeEntries} where client_id = ${clientId}
    ),
    rarity as (
      select hits.word, ln(1 + (total.passages - count(*) + 0.5) / (count(*) + 0.5)) as weight
      from hits cross join total
      group by hits.word, total.passages
    ),
    scored as (
      select hits.id, sum(rarity.weight * (case when hits.in_topic then ${TOPIC_BONUS}::float8 else 1 end))::float8 as score
      from hits join rarity on rarity.word = hits.word
      group by hits.id
    ),
    leaders as (
      select scored.id, scored.score from scored
      where scored.score >= (select min(top.score) from (select score from scored order by score desc limit ${limit}) as top)
    )
    select entries.id, entries.topic, entries.content, entries.source_url, entries.origin, leaders.score,
      ts_rank(entries.search_vector, to_tsquery('simple', ${anyForm}), 1)::float8 as rank
    from leaders join ${knowledgeEntries} as entries on entries.id = leaders.id
    order by leaders.score desc, rank desc, entries.id asc
    limit ${limit}
  `;
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
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.clientId, clientId));
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

/**
 * A client's entries of these origins replaced by a fresh set, inside the caller's transaction: the
 * training's FAQ and business information change with the training itself, or not at all.
 */
export async function replaceClientKnowledgeOf(
  tx: Database,
  clientId: number,
  origins: readonly KnowledgeOrigin[],
  entries: readonly NewKnowledgeEntry[],
) {
  await tx
    .delete(knowledgeEntries)
    .where(and(eq(knowledgeEntries.clientId, clientId), inArray(knowledgeEntries.origin, [...origins])));
  await insertKnowledgeEntries(tx, entries);
}

/** A client's entries of one origin, oldest first: the settings page's extracted topics. */
export async function listKnowledgeEntries(db: Database, clientId: number, origin: KnowledgeOrigin) {
  return db
    .select({
      id: knowledgeEntries.id,
      topic: knowledgeEntries.topic,
      sourceUrl: knowledgeEntries.sourceUrl,
      content: knowledgeEntries.content,
    })
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.clientId, clientId), eq(knowledgeEntries.origin, origin)))
    .orderBy(asc(knowledgeEntries.id));
}

/** One of a client's entries of one origin by its id; undefined when it is another client's, another origin's, or gone. */
export async function findClientKnowledgeEntry(db: Database, clientId: number, id: number, origin: KnowledgeOrigin) {
  const [entry] = await db
    .select({ id: knowledgeEntries.id, topic: knowledgeEntries.topic, content: knowledgeEntries.content })
    .from(knowledgeEntries)
    .where(
      and(eq(knowledgeEntries.id, id), eq(knowledgeEntries.clientId, clientId), eq(knowledgeEntries.origin, origin)),
    )
    .limit(1);
  return entry;
}
