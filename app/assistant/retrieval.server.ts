import { StatementTimeout, type Database } from "#db/connection.ts";
import { searchKnowledge, type KnowledgePassage } from "~/models/knowledge-entry.server.ts";
import { createWaitingLine, type WaitingLine } from "~/server/waiting-line.server.ts";
import { cachedPassages, keepPassages } from "./passage-cache.server.ts";

/**
 * How long a visitor's message may spend finding its passages, waiting for its turn included. Past
 * it the visitor gets the fallback reply ("leave your name and phone") instead of a 500, and the
 * database stops the query (statement_timeout on PostgreSQL).
 */
export const RETRIEVAL_DEADLINE_MS = 1000;
/**
 * Retrievals of one client that may run at once in this server; the client's further messages wait
 * their turn. Ten costly messages from one client once held the whole connection pool and another
 * client's visitor timed out; now they hold at most this many connections.
 */
export const RETRIEVALS_PER_CLIENT = 2;

/** Each client's line, kept while someone of that client is in it (a searcher counts until its search ends). */
const lines = new Map<number, { line: WaitingLine; searchers: number }>();

function joinLine(clientId: number) {
  let entry = lines.get(clientId);
  if (!entry) {
    entry = { line: createWaitingLine({ atOnce: RETRIEVALS_PER_CLIENT, mostWaiting: Infinity }), searchers: 0 };
    lines.set(clientId, entry);
  }
  entry.searchers++;
  return entry.line;
}

function leaveLine(clientId: number) {
  const entry = lines.get(clientId);
  if (entry && --entry.searchers === 0) lines.delete(clientId);
}

/**
 * The passages for a visitor's message, or undefined when finding them would take too long (the
 * client's own earlier messages still hold its places in line, or the query runs past the deadline). On
 * PGlite, which cannot cancel a query, the answer stops waiting at the deadline and the query holds
 * its place in its client's line until it ends, so a flood of costly messages slows only its own client.
 * Given the client's knowledge revision, a question searched before under it is answered from memory.
 */
export async function retrievePassages(
  db: Database,
  clientId: number,
  message: string,
  limit: number,
  knowledgeRevision?: number,
): Promise<KnowledgePassage[] | undefined> {
  const question = knowledgeRevision === undefined ? undefined : { clientId, knowledgeRevision, message, limit };
  const kept = question && cachedPassages(question);
  if (kept) return kept;
  const deadline = Date.now() + RETRIEVAL_DEADLINE_MS;
  const search = joinLine(clientId)
    .take(() => searchKnowledge(db, clientId, message, limit, { timeoutMs: deadline - Date.now() }), {
      waitMs: RETRIEVAL_DEADLINE_MS,
    })
    .then((turn) => {
      if (!turn.served) return undefined;
      if (question) keepPassages(question, turn.value);
      return turn.value;
    })
    .finally(() => leaveLine(clientId));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()))),
  );
  try {
    return await Promise.race([search, expired]);
  } catch (error) {
    if (error instanceof StatementTimeout) return undefined;
    throw error;
  } finally {
    clearTimeout(timer);
    // A search given up on may still fail later; its failure has nobody left to tell.
    search.catch(() => {});
  }
}
