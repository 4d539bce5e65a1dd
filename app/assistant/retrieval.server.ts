import { StatementTimeout, type Database } from "#db/connection.ts";
import { searchKnowledge, type KnowledgePassage } from "~/models/knowledge-entry.server.ts";

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

type Gate = { running: number; waiting: (() => void)[] };
const gates = new Map<number, Gate>();

/** Resolves once the client has a free slot, or false once the deadline passes first. */
function enter(clientId: number, deadline: number): Promise<boolean> {
  let gate = gates.get(clientId);
  if (!gate) {
    gate = { running: 0, waiting: [] };
    gates.set(clientId, gate);
  }
  if (gate.running < RETRIEVALS_PER_CLIENT) {
    gate.running++;
    return Promise.resolve(true);
  }
  const queue = gate;
  return new Promise((resolve) => {
    const admit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      queue.waiting.splice(queue.waiting.indexOf(admit), 1);
      resolve(false);
    }, deadline - Date.now());
    queue.waiting.push(admit);
  });
}

/** Hands the slot to the next waiting message, or frees it. */
function leave(clientId: number) {
  const gate = gates.get(clientId);
  if (!gate) return;
  const next = gate.waiting.shift();
  if (next) return next();
  gate.running--;
  if (gate.running === 0) gates.delete(clientId);
}

/**
 * The passages for a visitor's message, or undefined when finding them would take too long (the
 * client's own earlier messages still hold its slots, or the query runs past the deadline). On
 * PGlite, which cannot cancel a query, the answer stops waiting at the deadline and the query holds
 * its client's slot until it ends, so a flood of costly messages slows only its own client.
 */
export async function retrievePassages(
  db: Database,
  clientId: number,
  message: string,
  limit: number,
): Promise<KnowledgePassage[] | undefined> {
  const deadline = Date.now() + RETRIEVAL_DEADLINE_MS;
  if (!(await enter(clientId, deadline))) return undefined;
  const search = searchKnowledge(db, clientId, message, limit, { timeoutMs: deadline - Date.now() }).finally(() =>
    leave(clientId),
  );
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
