import { CAPABILITIES, type Capability } from "#db/vocabulary.ts";

const FIRST_ACCESS_TAB = CAPABILITIES.indexOf("api");

/**
 * The settings page's sixteen tabs, in order: General, one per capability (the scanner's tab sits before the
 * API and payment ones, beside the content capabilities it feeds), then the summary and the test.
 */
export const CONFIG_TABS = [
  "general",
  ...CAPABILITIES.slice(0, FIRST_ACCESS_TAB),
  "scanner",
  ...CAPABILITIES.slice(FIRST_ACCESS_TAB),
  "summary",
  "test",
] as const;

export type ConfigTab = "general" | "scanner" | "summary" | "test" | Capability;

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
