import { describe, expect, it } from "vitest";
import { PLUGIN_VERSION } from "./plugin-zip.server.ts";
import { readmeChangelog } from "./readme-changelog.ts";
import readme from "./wordpress/readme.txt?raw";

describe("readmeChangelog", () => {
  it("reads each version and its lines from the Changelog section only", () => {
    const text = [
      "=== Plugin ===",
      "== Description ==",
      "* not a change",
      "== Changelog ==",
      "",
      "= 2.0.0 =",
      "* Faster.",
      "* Safer.",
      "",
      "= 1.0.0 =",
      "* First.",
      "== Upgrade Notice ==",
      "* not a change either",
    ].join("\r\n");
    expect(readmeChangelog(text)).toEqual([
      { version: "2.0.0", changes: ["Faster.", "Safer."] },
      { version: "1.0.0", changes: ["First."] },
    ]);
  });

  it("is empty without a Changelog section", () => {
    expect(readmeChangelog("=== Plugin ===\n== Description ==\nText.")).toEqual([]);
  });

  it("starts the plugin's own readme with the version it ships", () => {
    expect(readmeChangelog(readme)[0]).toMatchObject({ version: PLUGIN_VERSION });
  });
});
