import { EventEmitter } from "node:events";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Live events between app servers: what one server publishes, every server's subscribers hear.
 * On PostgreSQL that is NOTIFY on one channel, heard through one LISTEN connection per process and
 * fanned out in memory; the embedded database serves one process, so there it is memory alone.
 */
export type LiveEventBus = {
  /** At most 7,900 bytes of text: NOTIFY's payload limit, with room to spare. */
  publish: (payload: string) => Promise<void>;
  /** Answers the unsubscribe. */
  subscribe: (listener: (payload: string) => void) => Promise<() => void>;
};

/** The NOTIFY channel of the live events. */
const LIVE_CHANNEL = "alex_live";
/** NOTIFY refuses payloads of 8,000 bytes and more. */
export const LIVE_PAYLOAD_MAX_BYTES = 7_900;

function memoryFanOut() {
  const emitter = new EventEmitter();
  // Every open live screen is one listener: thousands are expected, not a leak.
  emitter.setMaxListeners(0);
  return {
    emit: (payload: string) => emitter.emit(LIVE_CHANNEL, payload),
    add: (listener: (payload: string) => void) => {
      emitter.on(LIVE_CHANNEL, listener);
      return () => void emitter.off(LIVE_CHANNEL, listener);
    },
  };
}

function checkPayload(payload: string) {
  if (Buffer.byteLength(payload) > LIVE_PAYLOAD_MAX_BYTES) throw new RangeError("A live event's payload is too long.");
}

function postgresEventBus(client: postgres.Sql): LiveEventBus {
  const local = memoryFanOut();
  let listening: Promise<unknown> | null = null;
  return {
    publish: async (payload) => {
      checkPayload(payload);
      await client.notify(LIVE_CHANNEL, payload);
    },
    subscribe: async (listener) => {
      // One LISTEN per process, however many subscribers: postgres.js keeps it on its own connection
      // and listens again after a reconnect.
      listening ??= client.listen(LIVE_CHANNEL, local.emit).catch((error: unknown) => {
        listening = null;
        throw error;
      });
      const remove = local.add(listener);
      try {
        await listening;
      } catch (error) {
        remove();
        throw error;
      }
      return remove;
    },
  };
}

function memoryEventBus(): LiveEventBus {
  const local = memoryFanOut();
  return {
    publish: async (payload) => {
      checkPayload(payload);
      local.emit(payload);
    },
    subscribe: async (listener) => local.add(listener),
  };
}

export type DatabaseHandle = {
  db: Database;
  kind: "postgres" | "embedded";
  events: LiveEventBus;
  /** The cheapest round trip to the database (`select 1` on the driver itself, without drizzle): health checks. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Runs start-up work (migrations, the operator, demo data) while no other app server on this
   * database runs its own: servers started together migrate and seed once, one after the other.
   */
  startupLock: <T>(work: () => Promise<T>) => Promise<T>;
};

/** The advisory lock of start-up work: "alex" in ASCII, then 0 (job and demo locks use other first keys). */
const STARTUP_LOCK = [0x616c6578, 0] as const;

export type DatabaseOptions =
  | { url: string; migrate?: boolean }
  | { dataDir: string; migrate?: boolean }
  /** `from`: a dumpDataDir() tarball to start from instead of an empty cluster. */
  | { memory: true; migrate?: boolean; from?: Blob };

const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

export class DatabaseLockedError extends Error {}

/**
 * PGlite has no locking of its own: two instances on one folder silently corrupt it.
 * An exclusive lock file holding our pid keeps a second server off; a stale lock
 * (its process is gone) is taken over. Our own pid counts as a holder: two instances in one
 * process drift apart just the same.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockPath, "utf8"));
      if (holder && isAlive(holder)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${holder}). ` +
            `Stop that process, or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockPath}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The PostgreSQL client as drizzle gets it, with every query that has parameters a prepared
 * statement. drizzle asks for a prepared one only for a query given a name, and postgres.js sends any
 * other query with parameters in two round trips (it asks the statement's parameter types first,
 * then runs it). A prepared statement is described once per connection and from then on takes one
 * round trip: a visitor's message made 31 writes to PostgreSQL's sockets before and 19 after
 * (docs/request-cost.md). A query without parameters stays as it was, one round trip already: those
 * include `set local statement_timeout = N`, whose text changes with every N and would fill the
 * connections' statement caches.
 */
function preparingParameterised<Client extends postgres.Sql | postgres.TransactionSql>(client: Client): Client {
  type Work = (transaction: postgres.TransactionSql) => unknown;
  type Opener = (...args: unknown[]) => unknown;
  // begin and savepoint take their options first and the work last.
  const preparingWork =
    (open: Opener) =>
    (...args: unknown[]) => {
      const work = args.pop() as Work;
      return open(...args, (transaction: postgres.TransactionSql) => work(preparingParameterised(transaction)));
    };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe")
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: (parameters?.length ?? 0) > 0 });
      // A transaction's queries run on its own connection's client: it prepares as this one does.
      if ((property === "begin" || property === "savepoint") && property in target)
        return preparingWork((Reflect.get(target, property) as Opener).bind(target));
      return Reflect.get(target, property, receiver);
    },
  });
}

/** Connections an app server keeps to PostgreSQL for its queries (the health check has one of its own). */
export const POSTGRES_POOL_SIZE = 10;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if ("url" in options) {
    const connections = {
      // An unreachable server fails a query within seconds (the default waits 30 s), so a page answers 503 promptly.
      connect_timeout: 3,
      // Reconnect attempts back off to at most a second (the default grows to 20 s during an outage),
      // so the server serves again within a second of PostgreSQL's return.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      onnotice: () => {},
    };
    const client = postgres(options.url, {
      ...connections,
      max: POSTGRES_POOL_SIZE,
      // Our statements are prepared (preparingParameterised), and PostgreSQL would plan a prepared one
      // once for any parameters after its fifth run. The knowledge search's plan depends on its words:
      // planned once, a search over 1,000 entries took 11 ms at the median instead of 2.5.
      connection: { plan_cache_mode: "force_custom_plan" },
    });
    // The health check's own connection: it asks whether PostgreSQL answers, so it does not queue behind
    // visitors' queries when all of the pool's are busy (a crowd is no reason to take the server
    // out of rotation). checkHealth (app/server/health.server.ts) never runs two pings at once.
    const pinger = postgres(options.url, { ...connections, max: 1 });
    const db = drizzlePostgres(preparingParameterised(client), { schema });
    // A session-level lock, so it lives on one reserved connection for as long as the work takes.
    const startupLock = async <T>(work: () => Promise<T>) => {
      const holder = await client.reserve();
      try {
        await holder`select pg_advisory_lock(${STARTUP_LOCK[0]}, ${STARTUP_LOCK[1]})`;
        return await work();
      } finally {
        await holder`select pg_advisory_unlock(${STARTUP_LOCK[0]}, ${STARTUP_LOCK[1]})`.catch(() => {});
        holder.release();
      }
    };
    try {
      if (shouldMigrate) await startupLock(() => migratePostgres(db, { migrationsFolder }));
    } catch (error) {
      await Promise.all([client.end({ timeout: 0 }), pinger.end({ timeout: 0 })]);
      throw error;
    }
    return {
      db,
      kind: "postgres",
      events: postgresEventBus(client),
      ping: async () => void (await pinger`select 1`),
      close: async () => void (await Promise.all([client.end({ timeout: 5 }), pinger.end({ timeout: 5 })])),
      startupLock,
    };
  }

  let unlock = () => {};
  let dataDir = "memory://";
  if ("dataDir" in options) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    dataDir = path.join(options.dataDir, "pglite");
  }
  try {
    const client = await createPglite(dataDir, "from" in options ? options.from : undefined);
    const db = drizzlePglite(client, { schema });
    if (shouldMigrate) await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: "embedded",
      events: memoryEventBus(),
      ping: async () => void (await client.query("select 1")),
      // The folder's lock already keeps every other process off.
      startupLock: (work) => work(),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** PGlite with the extensions the migrations need; `loadDataDir` starts it from a dumpDataDir() tarball. */
export function createPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  // pg_trgm backs the session monitor's partial-id search (migration creates the extension).
  // PGlite writes all of its shared buffers when it starts: PostgreSQL's default 128 MB made every open
  // (each server start, backup and test database) touch 128 MB, for a small business's few megabytes.
  return PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir, postgresqlconf: ["shared_buffers=32MB"] });
}

/** PostgreSQL's SQLSTATEs and the drivers' codes for "the server is not there": stopped, restarting, unreachable. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up or shutting down)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/** Whether an error (or what it wraps: drizzle's DrizzleQueryError, an AggregateError) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The rows of a raw SQL query, for the few queries drizzle's builder cannot express. postgres.js
 * answers an array of rows and PGlite an object holding them; above db/ nobody needs to know.
 */
export async function selectRows<Row extends Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = "57014";

/** A query cancelled by the statement timeout of withStatementTimeout. */
export class StatementTimeout extends Error {
  constructor(options?: ErrorOptions) {
    super("A query ran past its statement timeout.", options);
  }
}

/**
 * Runs `work` in a transaction whose every statement PostgreSQL cancels past `timeoutMs`
 * (`SET LOCAL`, so the pooled connection goes back with its usual setting), and turns that
 * cancellation into a StatementTimeout. PGlite has no timers and ignores the setting: there the
 * bound is what the caller lets into the query.
 */
export async function withStatementTimeout<T>(
  db: Database,
  timeoutMs: number,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const milliseconds = Math.max(1, Math.ceil(timeoutMs));
  try {
    return await db.transaction(async (tx) => {
      // Sent, not awaited, before the work's first query: the connection runs them in order, and
      // both leave in one write (one round trip fewer on a busy path: docs/request-cost.md).
      const timeoutSet = tx.execute(sql.raw(`set local statement_timeout = ${milliseconds}`)).then(() => undefined);
      const [, result] = await Promise.all([timeoutSet, work(tx)]);
      return result;
    });
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === QUERY_CANCELED) throw new StatementTimeout({ cause: error });
    throw error;
  }
}
