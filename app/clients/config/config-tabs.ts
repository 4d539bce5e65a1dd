import { CAPABILITIES, type Capability } from "#db/vocabulary.ts";

/** The settings page's sixteen tabs, in order. The capability tabs carry the capability's name. */
export const CONFIG_TABS = [
  "general",
  "support",
  "sales",
  "retention",
  "functions",
  "b2c",
  "b2b",
  "public",
  "internal",
  "saas",
  "custom",
  "scanner",
  "api",
  "payment",
  "summary",
  "test",
] as const;

export type ConfigTab = (typeof CONFIG_TABS)[number];

export function isCapabilityTab(tab: ConfigTab): tab is ConfigTab & Capability {
  return (CAPABILITIES as readonly string[]).includes(tab);
}

/** The General tab's check boxes, in three groups: core, focus, access. */
export const CAPABILITY_GROUPS = {
  core: ["support", "sales", "retention", "functions"],
  focus: ["b2c", "b2b"],
  access: ["public", "internal", "saas", "custom", "api", "payment"],
} as const satisfies Record<string, readonly Capability[]>;

/** How much of each text the knowledge-base preview and the flow summary's prompt excerpts show. */
export const KNOWLEDGE_PREVIEW_CHARS = 400;
export const PROMPT_EXCERPT_CHARS = 200;
