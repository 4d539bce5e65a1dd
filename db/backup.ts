/**
 * Backup and restore of the embedded database (`npm run db:backup`, `npm run db:restore`). A backup
 * is a gzipped tar holding PGlite's own dump of its data folder (`dumpDataDir`, restored with
 * `loadDataDir`), the secrets the server generated into DATA_DIR (without its credentials-key the
 * stored WordPress passwords cannot be read) and a manifest with every table's row count, which a
 * restore checks before it replaces anything.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { createPglite, lockDataDir } from "./connection.ts";
import { readTar, writeTar, type TarEntry } from "./tar.ts";

const FORMAT = "alex-embedded-backup/1";
const MANIFEST = "manifest.json";
const DATABASE = "pgdata.tar";
/** The database's folder inside DATA_DIR (db/connection.ts). */
const DATABASE_FOLDER = "pglite";
const SECRET_FILES = ["session-secret", "credentials-key"] as const;

export class BackupError extends Error {}

export type RowCounts = Record<string, number>;

type Manifest = { format: string; createdAt: string; postgres: string; rowCounts: RowCounts; secrets: string[] };

export type BackupSummary = { file: string; rowCounts: RowCounts; secrets: string[] };

export type RestoreSummary = { rowCounts: RowCounts; secrets: string[]; createdAt: string; setAside?: string };

/** Every table's row count: the tables of the app and the migrations drizzle applied. */
export async function countRows(client: PGlite): Promise<RowCounts> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: RowCounts = {};
  for (const { name } of rows) {
    const result = await client.query<{ count: number }>(`select count(*)::int as count from ${name}`);
    counts[name] = result.rows[0]!.count;
  }
  return counts;
}

/** Writes the embedded database in `dataDir` to `file`, holding the folder's lock so no server starts meanwhile. */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<BackupSummary> {
  if (!existsSync(path.join(dataDir, DATABASE_FOLDER)))
    throw new BackupError(`There is no embedded database in ${dataDir}.`);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name.`);
  const unlock = lockDataDir(dataDir);
  try {
    const client = await createPglite(path.join(dataDir, DATABASE_FOLDER));
    let manifest: Manifest;
    let dump: Blob;
    try {
      const { rows } = await client.query<{ version: string }>("select version()");
      manifest = {
        format: FORMAT,
        createdAt: new Date().toISOString(),
        postgres: rows[0]!.version,
        rowCounts: await countRows(client),
        secrets: [],
      };
      dump = await client.dumpDataDir("none");
    } finally {
      await client.close();
    }
    const entries: TarEntry[] = [{ name: DATABASE, content: new Uint8Array(await dump.arrayBuffer()) }];
    for (const secret of SECRET_FILES) {
      const secretFile = path.join(dataDir, secret);
      if (!existsSync(secretFile)) continue;
      entries.push({ name: secret, content: readFileSync(secretFile) });
      manifest.secrets.push(secret);
    }
    entries.unshift({ name: MANIFEST, content: Buffer.from(JSON.stringify(manifest, null, 2)) });
    // Written aside and renamed: an interrupted backup never leaves a truncated file under the real name.
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, gzipSync(writeTar(entries)), { mode: 0o600 });
    renameSync(partial, file);
    return { file, rowCounts: manifest.rowCounts, secrets: manifest.secrets };
  } finally {
    unlock();
  }
}

function readBackup(file: string): { manifest: Manifest; database: Uint8Array; secrets: TarEntry[] } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let entries: TarEntry[];
  try {
    entries = readTar(gunzipSync(readFileSync(file)));
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry.content]));
  const manifestBytes = byName.get(MANIFEST);
  const database = byName.get(DATABASE);
  const manifest = manifestBytes ? (JSON.parse(Buffer.from(manifestBytes).toString("utf8")) as Manifest) : undefined;
  if (!manifest || manifest.format !== FORMAT || !database)
    throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
  const secrets = SECRET_FILES.flatMap((name) => {
    const content = byName.get(name);
    return content ? [{ name, content }] : [];
  });
  return { manifest, database, secrets };
}

/**
 * Restores `file` into `dataDir`. The backup is first loaded beside the current database and its row
 * counts checked against the manifest; only then is the current database (and its secrets) moved
 * into a `replaced-<time>` folder, never deleted, and the restored one put in its place.
 */
export async function restoreEmbeddedDatabase(file: string, dataDir: string): Promise<RestoreSummary> {
  const { manifest, database, secrets } = readBackup(file);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  const staging = path.join(dataDir, `${DATABASE_FOLDER}.restoring`);
  try {
    rmSync(staging, { recursive: true, force: true });
    const client = await createPglite(staging, new Blob([Buffer.from(database)]));
    let rowCounts: RowCounts;
    try {
      rowCounts = await countRows(client);
    } finally {
      await client.close();
    }
    const differences = Object.keys({ ...manifest.rowCounts, ...rowCounts }).filter(
      (table) => manifest.rowCounts[table] !== rowCounts[table],
    );
    if (differences.length > 0) {
      throw new BackupError(
        `The restored database does not match the backup (${differences.join(", ")}); nothing was replaced.`,
      );
    }

    const current = [DATABASE_FOLDER, ...SECRET_FILES].filter((name) => existsSync(path.join(dataDir, name)));
    let setAside: string | undefined;
    if (current.length > 0) {
      setAside = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      mkdirSync(setAside);
      for (const name of current) renameSync(path.join(dataDir, name), path.join(setAside, name));
    }
    renameSync(staging, path.join(dataDir, DATABASE_FOLDER));
    for (const secret of secrets) writeFileSync(path.join(dataDir, secret.name), secret.content, { mode: 0o600 });
    return { rowCounts, secrets: secrets.map((secret) => secret.name), createdAt: manifest.createdAt, setAside };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}
