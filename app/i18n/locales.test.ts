import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./config.ts";

const localesDir = path.resolve(import.meta.dirname, "../locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [flatKey, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) keys.set(flatKey, leaf);
    }
  } else {
    keys.set(prefix, value);
  }
  return keys;
}

const load = (language: string, file: string) =>
  flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), "utf8")));

/** Plural forms differ between languages (Hebrew has "two"), so they compare by their base key. */
const baseKeys = (keys: Map<string, unknown>) => new Set([...keys.keys()].map((key) => key.replace(PLURAL_SUFFIX, "")));

describe("translations", () => {
  const namespaces = readdirSync(path.join(localesDir, "en")).sort();

  it("have the same namespaces in every language", () => {
    for (const language of LANGUAGES) expect(readdirSync(path.join(localesDir, language)).sort()).toEqual(namespaces);
  });

  it.each(namespaces)("%s has the same keys in Hebrew and English, none empty", (file) => {
    const english = load("en", file);
    const hebrew = load("he", file);
    expect([...baseKeys(hebrew)].sort()).toEqual([...baseKeys(english)].sort());
    for (const [key, value] of [...english, ...hebrew]) {
      expect(typeof value === "string" || typeof value === "number" || Array.isArray(value), key).toBe(true);
      if (typeof value === "string") expect(value.trim(), key).not.toBe("");
    }
  });

  it.each(namespaces)("%s uses the same interpolation variables in both languages", (file) => {
    const english = load("en", file);
    const hebrew = load("he", file);
    const variables = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)/g)].map((match) => match[1]).sort();
    for (const [key, value] of english) {
      if (PLURAL_SUFFIX.test(key) || typeof value !== "string") continue;
      expect(variables(hebrew.get(key)), key).toEqual(variables(value));
    }
  });
});
