import { PLUGIN_VERSION } from "~/plugin/plugin-zip.server.ts";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { baseUrl, languageCookie, loginAsOperator, request } from "../../support/http.ts";
import { readZip } from "../../support/zip.ts";

const unzipped = mkdtempSync(path.join(tmpdir(), "alex-plugin-zip-"));
afterAll(() => rmSync(unzipped, { recursive: true, force: true }));

/** The demo client's license, as the Hebrew investor page links to its chat. */
async function demoLicense() {
  const html = await (await request("/invest-he")).text();
  return /license=(alex_[0-9a-f]{32})/.exec(html)![1]!;
}

async function download(query: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  const cookie = init.cookie ?? (await loginAsOperator());
  return request(`/api/download/plugin?${query}`, { headers: { Cookie: cookie, ...init.headers } });
}

describe("GET /api/download/plugin", () => {
  it("is for operators only", async () => {
    const response = await request("/api/download/plugin?clientId=1");
    expect(response.status).toBe(401);
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
  });

  it("streams the client's plugin: a WordPress plugin folder whose every PHP file passes php -l", async () => {
    const license = await demoLicense();
    const response = await download(`licenseKey=${license}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="alex-ai-assistant-\d+\.zip"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    const names = entries.map((entry) => entry.name);
    for (const name of [
      "alex-ai-assistant.php",
      "readme.txt",
      "uninstall.php",
      "includes/defaults.php",
      "assets/launcher.js",
      "languages/alex-ai-assistant-he_IL.mo",
    ]) {
      expect(names).toContain(`alex-ai-assistant/${name}`);
    }

    for (const entry of entries) {
      const file = path.join(unzipped, entry.name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, entry.data);
    }
    const phpFiles = names.filter((name) => name.endsWith(".php"));
    expect(phpFiles.length).toBe(7);
    for (const name of phpFiles) {
      expect(execFileSync("php", ["-l", path.join(unzipped, name)], { encoding: "utf8" }), name).toContain(
        "No syntax errors detected",
      );
    }

    const defaults = entries.find((entry) => entry.name.endsWith("includes/defaults.php"))!.data.toString("utf8");
    expect(defaults).toContain(`define( 'ALEX_AI_DEFAULT_LICENSE_KEY', '${license}' );`);
    // No PUBLIC_URL on the test server: the address the request reached.
    expect(defaults).toContain(`define( 'ALEX_AI_DEFAULT_SERVER_URL', '${baseUrl()}' );`);
  });

  it("carries the address a proxy on this machine forwarded, when PUBLIC_URL is not set", async () => {
    const response = await download(`licenseKey=${await demoLicense()}`, {
      // The port comes from X-Forwarded-Host when the proxy is trusted, else from Host: a proxy names both.
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "alex.example.com:8443" },
    });
    const defaults = readZip(Buffer.from(await response.arrayBuffer())).find((entry) =>
      entry.name.endsWith("defaults.php"),
    )!;
    expect(defaults.data.toString("utf8")).toContain(
      "define( 'ALEX_AI_DEFAULT_SERVER_URL', 'https://alex.example.com:8443' );",
    );
  });

  it("finds the client by id too", async () => {
    const response = await download("clientId=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="alex-ai-assistant-1.zip"');
    await response.arrayBuffer();
  });

  it("answers an unknown client 404 and a missing one 400, with a message in the operator's language", async () => {
    const cookie = await loginAsOperator();
    const unknown = await download("clientId=999999", { cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No client has this id or license key." });
    const unknownKey = await download("licenseKey=alex_nosuchkey", {
      cookie: `${cookie}; ${await languageCookie("he")}`,
    });
    expect(unknownKey.status).toBe(404);
    expect(await unknownKey.json()).toEqual({ error: "אין לקוח עם המזהה או מפתח הרישיון האלה." });
    for (const query of ["", "clientId=abc", "clientId=-1", "clientId=1.5"]) {
      const missing = await download(query, { cookie });
      expect(missing.status, query).toBe(400);
      expect(await missing.json()).toEqual({ error: "Choose a client: give clientId or licenseKey." });
    }
  });
});

describe("the plugin manager /admin/plugin", () => {
  it("shows the plugin's version, the install steps and a client picker that is a plain GET form to the download", async () => {
    const response = await request("/admin/plugin", { headers: { Cookie: await loginAsOperator() } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Plugin Manager");
    expect(html).toContain(`Version ${PLUGIN_VERSION}`);
    expect(html).toContain("Install steps");
    expect(html).toMatch(/<form[^>]* action="\/api\/download\/plugin" method="get">/);
    expect(html).toMatch(/<select[^>]*name="clientId"/);
    expect(html).toContain("Alex AI (alex-ai.example)");
    expect(html).toContain(baseUrl());
  });

  it("is in Hebrew for an operator who chose it", async () => {
    const html = await (
      await request("/admin/plugin?clientId=2", {
        headers: { Cookie: `${await loginAsOperator()}; ${await languageCookie("he")}` },
      })
    ).text();
    expect(html).toContain("ניהול התוסף");
    expect(html).toContain(`גרסה ${PLUGIN_VERSION}`);
    expect(html).toMatch(/<option value="2" selected="">/);
  });
});
