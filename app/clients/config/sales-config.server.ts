import { isDeepStrictEqual } from "node:util";
import type { Database } from "#db/connection.ts";
import { listKnowledgeEntries, replaceKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { findSalesConfig, saveSalesConfig, type SalesConfig } from "~/models/sales-config.server.ts";
import { markTestQuestionsDue } from "~/models/test-question.server.ts";
import { fullCapabilities, type SalesConfigInput } from "./sales-config-schema.ts";

type KnowledgeTopic = { topic: string; url: string; content: string };

const topicsOf = (entries: readonly { topic: string; sourceUrl: string | null; content: string }[]): KnowledgeTopic[] =>
  entries.map((entry) => ({ topic: entry.topic, url: entry.sourceUrl ?? "", content: entry.content }));

/** A sales config as its API answers it: the stored fields, every capability filled in, and the scanned topics. */
export async function salesConfigView(db: Database, clientId: number) {
  const [config, knowledge] = await Promise.all([
    findSalesConfig(db, clientId),
    listKnowledgeEntries(db, clientId, "scan"),
  ]);
  return {
    clientId,
    businessName: config?.businessName ?? "",
    pricing: config?.pricing ?? "",
    salesStyle: config?.salesStyle ?? "consultative",
    websiteUrls: config?.websiteUrls ?? "",
    customSystemPrompt: config?.customSystemPrompt ?? "",
    customInstructions: config?.customInstructions ?? "",
    alexCapabilities: fullCapabilities(config?.capabilities ?? {}),
    knowledgeBase: topicsOf(knowledge),
  };
}

export type SalesConfigView = Awaited<ReturnType<typeof salesConfigView>>;

/**
 * Saves what the input names; capabilities it leaves out keep their stored value. A knowledge base
 * replaces the scanned topics, unless it is the one already stored: sending back what the GET
 * answered leaves the entries (and their ids) as they were.
 */
export async function updateSalesConfig(db: Database, clientId: number, input: SalesConfigInput): Promise<SalesConfig> {
  const { alexCapabilities, knowledgeBase, ...fields } = input;
  if (knowledgeBase) await replaceScannedTopics(db, clientId, knowledgeBase);
  const stored = alexCapabilities ? ((await findSalesConfig(db, clientId))?.capabilities ?? {}) : undefined;
  return saveSalesConfig(db, clientId, {
    ...fields,
    ...(alexCapabilities ? { capabilities: { ...stored, ...alexCapabilities } } : {}),
  });
}

async function replaceScannedTopics(db: Database, clientId: number, topics: readonly KnowledgeTopic[]) {
  if (isDeepStrictEqual(topicsOf(await listKnowledgeEntries(db, clientId, "scan")), topics)) return;
  await replaceKnowledgeEntries(
    db,
    { clientId, origin: "scan" },
    topics.map((entry) => ({
      clientId,
      origin: "scan",
      topic: entry.topic,
      sourceUrl: entry.url || null,
      content: entry.content,
    })),
  );
  await markTestQuestionsDue(db, clientId);
}
