import type { Database } from "#db/connection.ts";
import { listKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { findSalesConfig, saveSalesConfig, type SalesConfig } from "~/models/sales-config.server.ts";
import { fullCapabilities, type SalesConfigInput } from "./sales-config-schema.ts";

/** Spec §3's sales config: the stored fields, every capability filled in, and the scanned topics. */
export async function salesConfigView(db: Database, clientId: number) {
  const [config, knowledge] = await Promise.all([findSalesConfig(db, clientId), listKnowledgeEntries(db, clientId, "scan")]);
  return {
    clientId,
    businessName: config?.businessName ?? "",
    pricing: config?.pricing ?? "",
    salesStyle: config?.salesStyle ?? "consultative",
    websiteUrls: config?.websiteUrls ?? "",
    customSystemPrompt: config?.customSystemPrompt ?? "",
    customInstructions: config?.customInstructions ?? "",
    alexCapabilities: fullCapabilities(config?.capabilities ?? {}),
    knowledgeBase: knowledge.map((entry) => ({ topic: entry.topic, url: entry.sourceUrl ?? "", content: entry.content })),
  };
}

export type SalesConfigView = Awaited<ReturnType<typeof salesConfigView>>;

/** Saves what the input names; capabilities it leaves out keep their stored value. */
export async function updateSalesConfig(db: Database, clientId: number, input: SalesConfigInput): Promise<SalesConfig> {
  const { alexCapabilities, ...fields } = input;
  const stored = alexCapabilities ? ((await findSalesConfig(db, clientId))?.capabilities ?? {}) : undefined;
  return saveSalesConfig(db, clientId, {
    ...fields,
    ...(alexCapabilities ? { capabilities: { ...stored, ...alexCapabilities } } : {}),
  });
}
