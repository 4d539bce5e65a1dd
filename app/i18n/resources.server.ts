import type { Resource } from "i18next";

const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" });

/** Every namespace of every language, bundled into the server build. */
export const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const [, language, namespace] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!language || !namespace) continue;
  resources[language] ??= {};
  resources[language][namespace] = content;
}
