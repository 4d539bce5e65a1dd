/**
 * `npm run db:backup [-- file]`: the embedded database in DATA_DIR (default ./data) into one file,
 * by default backups/alex-<time>.tar.gz. Refuses while a server holds the folder. With DATABASE_URL
 * set it says to use pg_dump (README, "Backup and restore").
 */
import path from "node:path";
import { backupEmbeddedDatabase } from "../db/backup.ts";
import { reportFailure, rowTotal } from "./db-backup-cli.ts";

async function main() {
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (README, "Backup and restore").');
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.resolve(process.argv[2] ?? `backups/alex-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  const summary = await backupEmbeddedDatabase(dataDir, file);
  console.log(`Backed up the embedded database in ${dataDir} to ${summary.file}: ${rowTotal(summary.rowCounts)}.`);
  if (!summary.secrets.includes("credentials-key") && process.env.CREDENTIALS_KEY) {
    console.log(
      "CREDENTIALS_KEY is set, so the key is not in the backup: keep it with the backup, or the stored WordPress passwords cannot be read.",
    );
  }
}

main().catch(reportFailure("Backup failed"));
