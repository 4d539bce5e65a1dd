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
      ? openDatabase({ memory: true, migrate: false, from: new Blob([readFileSync(dump)]) })
      : openDatabase({ memory: true });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set.");
  const name = `alex_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // From the migrated template, migrating finds nothing to do (one query), as on a server restart.
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

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
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.close();
  return {
    name,
    drop: async () => {
      const cleaner = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await cleaner.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}
