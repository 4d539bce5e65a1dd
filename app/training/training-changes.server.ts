import type { Database } from "#db/connection.ts";
import type { TrainingChangeKind } from "#db/vocabulary.ts";
import { findClientKnowledgeEntry } from "~/models/knowledge-entry.server.ts";
import {
  findTrainingConfigForUpdate,
  type TrainingConfig,
  type TrainingConfigFields,
} from "~/models/training-config.server.ts";
import { recordTrainingChange, type TrainingEditor } from "./training-history.server.ts";
import { faqRowsOf } from "./training-page.server.ts";
import { FAQ_LIMITS, SALES_FLOW, type FaqRow } from "./training-schema.ts";
import { createTraining, updateTraining } from "./training.server.ts";

/** A change to one client's training: which client (the caller's scope: the portal's own business) and who makes it. */
export type TrainingChangeScope = {
  db: Database;
  client: { id: number; businessType: string };
  editor: TrainingEditor;
};

type Edit = { changes: Partial<TrainingConfigFields>; kind: TrainingChangeKind; subject?: string } | null;

/**
 * Reads the client's training (locked), asks `edit` what to change, writes it and what it teaches,
 * and keeps the change in the history with its editor: all in one transaction. A client without a
 * training gets one, of its own business type. `edit` answering null, or nothing that differs,
 * changes nothing and records nothing. Answers whether anything changed.
 */
async function changeTraining({ db, client, editor }: TrainingChangeScope, edit: (config?: TrainingConfig) => Edit) {
  return db.transaction(async (tx) => {
    const config = await findTrainingConfigForUpdate(tx, client.id);
    const wanted = edit(config);
    if (!wanted) return false;
    const differs = Object.entries(wanted.changes).some(
      ([key, value]) => JSON.stringify(config?.[key as keyof TrainingConfigFields]) !== JSON.stringify(value),
    );
    if (!differs) return false;
    if (!config || !(await updateTraining(tx, client.id, wanted.changes))) {
      const fields = { businessType: client.businessType, salesFlow: [...SALES_FLOW], ...wanted.changes };
      if (!(await createTraining(tx, client.id, fields))) await updateTraining(tx, client.id, wanted.changes);
    }
    await recordTrainingChange(tx, { clientId: client.id, editor, kind: wanted.kind, subject: wanted.subject });
    return true;
  });
}

export const saveGreeting = (scope: TrainingChangeScope, greeting: { greeting: string; greetingEn: string }) =>
  changeTraining(scope, () => ({ changes: greeting, kind: "greeting" }));

export const saveBusinessInfo = (scope: TrainingChangeScope, businessInfo: string) =>
  changeTraining(scope, () => ({ changes: { businessInfo }, kind: "business_info" }));

/** The knowledge base with these FAQ rows (none: no `faq` key), its other keys kept. */
function withFaq(config: TrainingConfig | undefined, rows: FaqRow[]) {
  const { faq: _previous, ...others } = config?.knowledgeBase ?? {};
  return rows.length > 0 ? { ...others, faq: rows } : others;
}

const rowsOf = (config?: TrainingConfig) => (config ? faqRowsOf(config.knowledgeBase) : []);

/** Adds an entry at the end; "full" at FAQ_LIMITS.rows entries. */
export async function addFaqEntry(scope: TrainingChangeScope, entry: FaqRow): Promise<"added" | "full"> {
  let full = false;
  await changeTraining(scope, (config) => {
    const rows = rowsOf(config);
    full = rows.length >= FAQ_LIMITS.rows;
    if (full) return null;
    return { changes: { knowledgeBase: withFaq(config, [...rows, entry]) }, kind: "faq_added", subject: entry.q };
  });
  return full ? "full" : "added";
}

/**
 * Changes or removes one FAQ entry, named by the id of the knowledge entry the training wrote for it
 * (the assistant's copy: its question and answer). An id of another client, of no FAQ entry, or of
 * an entry that changed meanwhile is "notFound", and nothing changes.
 */
export async function changeFaqEntry(
  scope: TrainingChangeScope,
  entryId: number,
  replacement: FaqRow | null,
): Promise<"changed" | "notFound"> {
  const entry = await findClientKnowledgeEntry(scope.db, scope.client.id, entryId, "faq");
  if (!entry) return "notFound";
  let found = false;
  await changeTraining(scope, (config) => {
    const rows = rowsOf(config);
    const index = rows.findIndex((row) => row.q.trim() === entry.topic && row.a.trim() === entry.content);
    found = index >= 0;
    if (!found) return null;
    const changed = rows.flatMap((row, at) => (at !== index ? [row] : replacement ? [replacement] : []));
    return {
      changes: { knowledgeBase: withFaq(config, changed) },
      kind: replacement ? "faq_edited" : "faq_removed",
      subject: replacement?.q ?? entry.topic,
    };
  });
  return found ? "changed" : "notFound";
}
