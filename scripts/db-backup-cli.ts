import type { RowCounts } from "../db/backup.ts";

export function rowTotal(rowCounts: RowCounts): string {
  const tables = Object.keys(rowCounts).length;
  const rows = Object.values(rowCounts).reduce((sum, count) => sum + count, 0);
  return `${rows} rows in ${tables} tables`;
}

export function reportFailure(what: string) {
  return (error: unknown) => {
    console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  };
}
