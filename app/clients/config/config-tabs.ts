import { CAPABILITIES, type Capability } from "#db/vocabulary.ts";

/** Spec §2: the settings page's sixteen tabs, in order. The capability tabs carry the capability's name. */
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

/** Spec §2's three groups of the General tab's check boxes. */
export const CAPABILITY_GROUPS = {
  core: ["support", "sales", "retention", "functions"],
  focus: ["b2c", "b2b"],
  access: ["public", "internal", "saas", "custom", "api", "payment"],
} as const satisfies Record<string, readonly Capability[]>;

/** Spec §9: the knowledge-base preview and the flow summary's prompt excerpts. */
export const KNOWLEDGE_PREVIEW_CHARS = 400;
export const PROMPT_EXCERPT_CHARS = 200;
