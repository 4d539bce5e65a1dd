import { describe, expect, it } from "vitest";
import { CAPABILITIES } from "#db/vocabulary.ts";
import { CAPABILITY_GROUPS, CONFIG_TABS, isCapabilityTab } from "./config-tabs.ts";

describe("the settings page's tabs", () => {
  it("are sixteen, each once: General, every capability, the scanner before API, then summary and test", () => {
    expect(new Set(CONFIG_TABS).size).toBe(16);
    expect(CONFIG_TABS[0]).toBe("general");
    expect(CONFIG_TABS.slice(-2)).toEqual(["summary", "test"]);
    expect(CONFIG_TABS.indexOf("scanner")).toBe(CONFIG_TABS.indexOf("api") - 1);
    expect(CONFIG_TABS.filter(isCapabilityTab)).toEqual([...CAPABILITIES]);
  });

  it("group every capability on the General tab exactly once", () => {
    expect(Object.values(CAPABILITY_GROUPS).flat().sort()).toEqual([...CAPABILITIES].sort());
  });
});
