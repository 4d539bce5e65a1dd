/**
 * `npm run db:restore -- file`: a backup made by `npm run db:backup` into DATA_DIR (default ./data).
 * Refuses while a server holds the folder; the database it replaces is moved aside, not deleted.
 */
import path from "node:path";
import { restoreEmbeddedDatabase } from "../db/backup.ts";
import { reportFailure, rowTotal } from "./db-backup-cli.ts";

async function main() {
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backup and restore").');
  }
  const file = process.argv[2];
  if (!file) throw new Error("Name the backup to restore: npm run db:restore -- backups/alex-….tar.gz");
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const summary = await restoreEmbeddedDatabase(path.resolve(file), dataDir);
  console.log(
    `Restored the backup of ${summary.createdAt} into ${dataDir}: ${rowTotal(summary.rowCounts)}, as many as it holds.`,
  );
  if (summary.setAside) console.log(`The database it replaced is in ${summary.setAside}.`);
}

main().catch(reportFailure("Restore failed"));
