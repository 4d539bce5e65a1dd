import type { TrainingConfig } from "~/models/training-config.server.ts";

/** Spec §7's training config as the JSON API answers it. */
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

