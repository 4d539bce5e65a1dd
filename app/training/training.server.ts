import { isDeepStrictEqual } from "node:util";
import type { TrainingConfig, TrainingConfigFields } from "~/models/training-config.server.ts";

/** A training config as the JSON API (`/api/clients/{id}/training`) answers it. */
export function trainingView(config: TrainingConfig) {
  return {
    id: config.id,
    clientId: config.clientId,
    businessType: config.businessType,
    greeting: config.greeting,
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
export function changedTrainingFields(config: TrainingConfig, update: Partial<TrainingConfigFields>): Partial<TrainingConfigFields> {
  return Object.fromEntries(
    Object.entries(update).filter(([key, value]) => value !== undefined && !isDeepStrictEqual(config[key as keyof TrainingConfigFields], value)),
  );
}
