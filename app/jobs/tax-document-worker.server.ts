import type { Database } from "#db/connection.ts";
import { logError } from "~/server/log.server.ts";
import { issueDueTaxDocuments, type TaxDocumentConfig } from "~/tax-documents/tax-documents.server.ts";

/** How often the worker looks for payments whose tax document is due: a payer sees its number within seconds. */
export const TAX_DOCUMENT_POLL_MS = 3_000;

export type TaxDocumentWorker = { stop: () => Promise<void> };

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
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let round: Promise<void> = Promise.resolve();

  function tick() {
    round = issueDueTaxDocuments(db, config)
      .then(() => undefined)
      .catch((error: unknown) => logError(error, { event: "tax_document.round_failed" }))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, pollMs);
        timer.unref();
      });
  }

  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
