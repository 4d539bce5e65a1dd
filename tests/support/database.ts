import { readFileSync, writeFileSync } from "node:fs";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "#db/connection.ts";

export type TestDriver = "pglite" | "postgres";

/** PGlite always; the real PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export const testDrivers: TestDriver[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the test server, dropped on
 * close. On PostgreSQL its `url` lets a test open a second connection to it, as a second app server would.
 */
export async function openTestDatabase(driver: TestDriver): Promise<DatabaseHandle & { url?: string }> {
  if (driver === "pglite") {
    const dump = process.env.TEST_PGLITE_DUMP;
    return dump
      ? openDatabase({ memory: true, migrate: false, from: migratedDump(dump) })
      : openDatabase({ memory: true });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set.");
  const name = `alex_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = databaseUrl(serverUrl, name);
  // From the migrated template, migrating finds nothing to do (one query), as on a server restart.
  const handle = await openDatabase({ url });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The dump as a Blob, read once per process (TEST_PGLITE_DUMP never changes in one): a worker runs its
 * files one after another in one process (vitest.config.ts), and reading the file and copying it into
 * a new Blob for every test database was a tenth of a worker's busy time. A Blob never changes, so
 * every database can start from the same one.
 */
let migratedDumpBlob: Blob | undefined;
const migratedDump = (file: string) => (migratedDumpBlob ??= new Blob([readFileSync(file)]));

/** Runs one statement (creating or dropping a database) on a connection of its own to the test server. */
async function onServer(serverUrl: string, statement: string) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Writes an empty, migrated embedded database to `file` (a dumpDataDir() tarball) for TEST_PGLITE_DUMP:
 * a test's database then starts from it in a third of the CPU that creating and migrating one takes.
 */
export async function writeMigratedDump(file: string) {
  const handle = await openDatabase({ memory: true });
  try {
    // drizzle keeps the PGlite instance it wraps as `$client`.
    const client = (handle.db as unknown as { $client: { dumpDataDir: (compression: "none") => Promise<Blob> } })
      .$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/**
 * Creates a migrated, empty database on the test server for TEST_POSTGRES_TEMPLATE: a test's database is
 * then a copy of it, instead of a new database that runs every migration (about 2 s on a 2-core machine).
 * Nothing may stay connected to it, or PostgreSQL refuses to copy it.
 */
export async function createMigratedTemplate(serverUrl: string) {
  const name = `alex_template_${process.pid}`;
  await onServer(serverUrl, `drop database if exists ${name}`);
  await onServer(serverUrl, `create database ${name}`);
  await (await openDatabase({ url: databaseUrl(serverUrl, name) })).close();
  return { name, drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
