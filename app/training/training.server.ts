import { isDeepStrictEqual } from "node:util";
import type { Database } from "#db/connection.ts";
import { faqPairs, trainingKnowledge } from "#db/training-knowledge.ts";
import { answerGapsWithFaq } from "~/gaps/gaps.server.ts";
import { replaceClientKnowledgeOf } from "~/models/knowledge-entry.server.ts";
import { markTestQuestionsDue } from "~/models/test-question.server.ts";
import {
  createTrainingConfig,
  listTrainingConfigsWithoutKnowledgeOf,
  updateTrainingConfig,
  type TrainingConfig,
  type TrainingConfigFields,
} from "~/models/training-config.server.ts";

/** The knowledge entries a training writes: its FAQ pairs and its business information (db/training-knowledge.ts). */
const TAUGHT_ORIGINS = ["faq", "manual"] as const;

/** A training config as the JSON API (`/api/clients/{id}/training`) answers it. */
export function trainingView(config: TrainingConfig) {
  return {
    id: config.id,
    clientId: config.clientId,
    businessType: config.businessType,
    greeting: config.greeting,
    greetingEn: config.greetingEn,
    tone: config.tone,
    salesFlow: config.salesFlow,
    businessInfo: config.businessInfo,
    knowledgeBase: config.knowledgeBase,
    isActive: config.isActive,
    createdAt: config.createdAt.toISOString(),
    updatedAt: config.updatedAt.toISOString(),
  };
}

/**
 * The fields of an update that differ from the stored config: a GET's answer sent back unchanged
 * changes nothing, not even `updatedAt`. (Its read-only fields, id, clientId and the dates, never
 * reach here: the update schema drops them.)
 */
export function changedTrainingFields(
  config: TrainingConfig,
  update: Partial<TrainingConfigFields>,
): Partial<TrainingConfigFields> {
  return Object.fromEntries(
    Object.entries(update).filter(
      ([key, value]) => value !== undefined && !isDeepStrictEqual(config[key as keyof TrainingConfigFields], value),
    ),
  );
}

/**
 * Creates the client's training config with what it teaches; null when the client already has one.
 * The config and its knowledge entries are written in one transaction.
 */
export async function createTraining(
  db: Database,
  clientId: number,
  fields: TrainingConfigFields,
): Promise<TrainingConfig | null> {
  return db.transaction(async (tx) => {
    const config = await createTrainingConfig(tx, clientId, fields);
    if (config) await teach(tx, config);
    return config;
  });
}

/** Updates the client's training config and, in the same transaction, what it teaches; null when it has none. */
export async function updateTraining(
  db: Database,
  clientId: number,
  changes: Partial<TrainingConfigFields>,
): Promise<TrainingConfig | null> {
  return db.transaction(async (tx) => {
    const config = await updateTrainingConfig(tx, clientId, changes);
    if (config) await teach(tx, config);
    return config;
  });
}

/** Updates the client's config if there is one, otherwise creates it; a create that lost a race to another save updates after all. */
export async function saveTraining(db: Database, clientId: number, fields: TrainingConfigFields): Promise<void> {
  if (await updateTraining(db, clientId, fields)) return;
  if (await createTraining(db, clientId, fields)) return;
  await updateTraining(db, clientId, fields);
}

/**
 * Training saved before it taught the assistant gets its knowledge entries once, at start-up.
 * Answers how many clients it taught.
 */
export async function backfillTrainingKnowledge(db: Database): Promise<number> {
  let taught = 0;
  for (const config of await listTrainingConfigsWithoutKnowledgeOf(db, TAUGHT_ORIGINS)) {
    if (trainingKnowledge(config).length === 0) continue;
    await db.transaction((tx) => teach(tx, config));
    taught++;
  }
  return taught;
}

/**
 * The client's FAQ and business information entries replaced by those of this config; the knowledge
 * gaps its FAQ now answers are marked answered, and its test questions are due to run again.
 */
async function teach(tx: Database, config: TrainingConfig) {
  const entries = trainingKnowledge(config).map((entry) => ({ ...entry, clientId: config.clientId, sourceUrl: null }));
  await replaceClientKnowledgeOf(tx, config.clientId, TAUGHT_ORIGINS, entries);
  const questions = faqPairs(config.knowledgeBase).flatMap(({ q }) => (q ? [q] : []));
  await answerGapsWithFaq(tx, config.clientId, questions);
  await markTestQuestionsDue(tx, config.clientId);
}
