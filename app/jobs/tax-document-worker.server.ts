import type { Database } from "#db/connection.ts";
import { startPollingLoop, type PollingLoop } from "~/server/polling-loop.server.ts";
import { issueDueTaxDocuments, type TaxDocumentConfig } from "~/tax-documents/tax-documents.server.ts";

/** How often the worker looks for payments whose tax document is due: a payer sees its number within seconds. */
export const TAX_DOCUMENT_POLL_MS = 3_000;

export type TaxDocumentWorker = PollingLoop;

/**
 * Issues the tax documents of recorded payments through Morning (app/tax-documents/), every few
 * seconds: the queue lives in the database, so a restart loses nothing, and several servers share it
 * (each document is taken by one). Like the scheduler, its timer never keeps the process alive, and
 * `stop` waits for the round in progress.
 */
export function startTaxDocumentWorker({
  db,
  config,
  pollMs = TAX_DOCUMENT_POLL_MS,
}: {
  db: Database;
  config: TaxDocumentConfig;
  pollMs?: number;
}): TaxDocumentWorker {
  return startPollingLoop({
    pollMs,
    errorEvent: "tax_document.round_failed",
    round: () => issueDueTaxDocuments(db, config),
  });
}
