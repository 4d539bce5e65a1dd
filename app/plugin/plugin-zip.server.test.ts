import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { CHAT_API_PATHS } from "~/conversations/chat-contract.ts";
import { readZip } from "../../tests/support/zip.ts";
import {
  LAUNCHER_SCRIPT,
  phpString,
  pluginFiles,
  pluginZipStream,
  PLUGIN_SLUG,
  PLUGIN_VERSION,
} from "./plugin-zip.server.ts";

const DEFAULTS = {
  licenseKey: "alex_0123456789abcdef0123456789abcdef",
  serverUrl: "https://alex.example.com/",
  syncSecret: "s3cret-for-the-sync",
};
const scratch = mkdtempSync(path.join(tmpdir(), "alex-plugin-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const fileText = (files: ReturnType<typeof pluginFiles>, name: string) => {
  const file = files.find((candidate) => candidate.path === `${PLUGIN_SLUG}/${name}`);
  if (!file) throw new Error(`${name} is missing`);
  return typeof file.content === "string" ? file.content : new TextDecoder().decode(file.content);
};

function phpLint(source: string) {
  const file = path.join(scratch, `lint-${Math.random().toString(36).slice(2)}.php`);
  writeFileSync(file, source);
  return execFileSync("php", ["-l", file], { encoding: "utf8" });
}

describe("the plugin's files", () => {
  const files = pluginFiles(DEFAULTS);

  it("are one WordPress plugin folder with its main file, readme, uninstaller, settings, launcher and translations", () => {
    expect(files.map((file) => file.path).sort()).toEqual(
      [
        "alex-ai-assistant.php",
        "assets/launcher.js",
        "includes/defaults.php",
        "includes/registration.php",
        "includes/rest.php",
        "includes/settings.php",
        "includes/updates.php",
        "languages/alex-ai-assistant-he_IL.mo",
        "languages/alex-ai-assistant-he_IL.po",
        "languages/alex-ai-assistant.pot",
        "readme.txt",
        "uninstall.php",
      ].map((name) => `${PLUGIN_SLUG}/${name}`),
    );
  });

  it("declare the plugin header WordPress 6.1 and PHP 7.4 accept", () => {
    const main = fileText(files, "alex-ai-assistant.php");
    for (const header of [
      "Plugin Name:       Alex AI Assistant",
      `Version:           ${PLUGIN_VERSION}`,
      "Requires at least: 6.1",
      "Requires PHP:      7.4",
      "License:           GPLv2 or later",
      "License URI:       https://www.gnu.org/licenses/gpl-2.0.html",
      "Text Domain:       alex-ai-assistant",
      "Domain Path:       /languages",
    ]) {
      expect(main).toContain(` * ${header}`);
    }
    expect(main).toMatch(/ \* Description: +\S/);
    // WordPress asks the `update_plugins_alex.example.com` filter, which the plugin hooks, for updates.
    expect(main).toContain(" * Update URI:        https://alex.example.com/api/wordpress/plugin-update\n");
    expect(main).toContain(`define( 'ALEX_AI_VERSION', '${PLUGIN_VERSION}' );`);
  });

  it("carry a readme.txt in the WordPress.org format", () => {
    const readme = fileText(files, "readme.txt");
    expect(readme).toMatch(/^=== Alex AI Assistant ===\n/);
    for (const line of [
      "Requires at least: 6.1",
      "Requires PHP: 7.4",
      `Stable tag: ${PLUGIN_VERSION}`,
      "License: GPLv2 or later",
    ]) {
      expect(readme).toContain(line);
    }
    for (const section of ["Description", "Installation", "Frequently Asked Questions", "Changelog"]) {
      expect(readme).toContain(`== ${section} ==`);
    }
    expect(readme).toContain(`= ${PLUGIN_VERSION} =`);
    expect(readme).toContain("* Privacy policy: https://alex.example.com/privacy\n");
    expect(readme).toContain("* Terms of service: https://alex.example.com/terms\n");
  });

  it("default to the client's license key and the server's address without its trailing slash", () => {
    const defaults = fileText(files, "includes/defaults.php");
    expect(defaults).toContain("define( 'ALEX_AI_DEFAULT_LICENSE_KEY', 'alex_0123456789abcdef0123456789abcdef' );");
    expect(defaults).toContain("define( 'ALEX_AI_DEFAULT_SERVER_URL', 'https://alex.example.com' );");
    expect(defaults).toContain("define( 'ALEX_AI_DEFAULT_SYNC_SECRET', 's3cret-for-the-sync' );");
  });

  it("never print the sync secret: only the listings route compares it", () => {
    const php = files.filter((file) => file.path.endsWith(".php") && !file.path.endsWith("defaults.php"));
    const uses = php.flatMap((file) => String(file.content).match(/alex_ai_sync_secret\(\)/g) ?? []);
    expect(uses.length).toBeGreaterThan(0);
    for (const file of php)
      expect(String(file.content)).not.toMatch(/(echo|printf|esc_\w+)\s*\(?\s*alex_ai_sync_secret/);
    expect(fileText(files, "uninstall.php")).toContain("delete_option( 'alex_ai_sync_secret' );");
  });

  it("open the chat at the address the server serves it (app/conversations/chat-contract.ts)", () => {
    expect(fileText(files, "alex-ai-assistant.php")).toContain(`'${CHAT_API_PATHS.chatUi}'`);
  });

  it("remove their options on uninstall, and only from WordPress's uninstaller", () => {
    const uninstall = fileText(files, "uninstall.php");
    expect(uninstall).toContain("defined( 'WP_UNINSTALL_PLUGIN' ) || exit;");
    expect(uninstall).toContain("delete_option( 'alex_ai_license_key' );");
    expect(uninstall).toContain("delete_option( 'alex_ai_server_url' );");
  });

  it("pass `php -l`, each of them", () => {
    const phpFiles = files.filter((file) => file.path.endsWith(".php"));
    expect(phpFiles).toHaveLength(7);
    for (const file of phpFiles)
      expect(phpLint(String(file.content)), file.path).toContain("No syntax errors detected");
  });

  it("keep a hostile default a plain PHP string", () => {
    const hostile = `x'); system('id'); //\\`;
    expect(phpString(hostile)).toBe(`'x\\'); system(\\'id\\'); //\\\\'`);
    const defaults = fileText(
      pluginFiles({ licenseKey: hostile, serverUrl: "https://a.example", syncSecret: hostile }),
      "includes/defaults.php",
    );
    expect(phpLint(defaults)).toContain("No syntax errors detected");
    const printed = execFileSync(
      "php",
      ["-r", `define('ABSPATH', '/'); ${defaults.replace("<?php", "")} echo ALEX_AI_DEFAULT_LICENSE_KEY;`],
      {
        encoding: "utf8",
      },
    );
    expect(printed).toBe(hostile);
  });
});

describe("the launcher script", () => {
  it("stays within 2 KB gzipped", () => {
    expect(gzipSync(LAUNCHER_SCRIPT, { level: 9 }).length).toBeLessThanOrEqual(2048);
  });

  it("is one self-contained script: no module syntax, no jQuery", () => {
    expect(LAUNCHER_SCRIPT).not.toMatch(/\b(import|export)\b[\s{*]/);
    expect(LAUNCHER_SCRIPT).not.toMatch(/jQuery|\$\(/);
    expect(LAUNCHER_SCRIPT).toContain("alexAssistant");
  });
});

describe("the ZIP stream", () => {
  it("holds every file, deflated, under the plugin's folder", async () => {
    const zip = Buffer.from(await new Response(pluginZipStream(DEFAULTS)).arrayBuffer());
    const entries = readZip(zip);
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      pluginFiles(DEFAULTS)
        .map((file) => file.path)
        .sort(),
    );
    expect(entries.every((entry) => entry.name.startsWith(`${PLUGIN_SLUG}/`))).toBe(true);
    const launcher = entries.find((entry) => entry.name.endsWith("launcher.js"))!;
    expect(launcher.compressed).toBe(true);
    expect(launcher.data.toString("utf8").trim()).toBe(LAUNCHER_SCRIPT);
  });
});
