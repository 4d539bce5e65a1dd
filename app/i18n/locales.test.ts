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

  // i18next picks a form by Intl.PluralRules: a category without its key shows the raw key
  // (Hebrew's "two" for exactly two messages).
  it.each(LANGUAGES.flatMap((language) => namespaces.map((file) => [language, file] as const)))(
    "every plural key of %s/%s has each of the language's forms",
    (language, file) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const forms = new Map<string, Set<string>>();
      for (const key of load(language, file).keys()) {
        const match = PLURAL_SUFFIX.exec(key);
        if (!match) continue;
        const base = key.slice(0, match.index);
        forms.set(base, (forms.get(base) ?? new Set()).add(match[1]!));
      }
      for (const [base, found] of forms) expect([...found].sort(), base).toEqual([...categories].sort());
    },
  );

  it("Hebrew's plural forms are one, two and other", () => {
    expect([...new Intl.PluralRules("he").resolvedOptions().pluralCategories].sort()).toEqual(["one", "other", "two"]);
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
