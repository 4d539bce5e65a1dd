import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, trainingConfigs, wordpressConnections } from "#db/schema.ts";
import { encryptSecret } from "~/checks/credentials.server.ts";
import { PLUGIN_VERSION, pluginZipStream } from "~/plugin/plugin-zip.server.ts";
import { freePort, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { startWordPress, wordpressAvailable, type WordPressSite } from "../../support/wordpress.ts";

/**
 * The system checks against real WordPress sites (Debian's package, PHP's server, the
 * machine's MariaDB): one with our plugin, HivePress (a stand-in registering its post type and its
 * REST namespace) and an Application Password; one without our plugin; a dead port; a port that
 * never answers; a private address not on the allow list. Connected, disconnected and partial, for real.
 */
const KEY_HEX = "5a".repeat(32);
const KEY = Buffer.from(KEY_HEX, "hex");

const HIVEPRESS_STAND_IN = `<?php
add_action( 'init', function () { register_post_type( 'hp_listing', array( 'public' => true, 'label' => 'Listings' ) ); } );
add_action( 'rest_api_init', function () {
	register_rest_route( 'hivepress/v1', '/listings', array( 'methods' => 'GET', 'callback' => '__return_empty_array', 'permission_callback' => function () { return current_user_can( 'edit_others_posts' ); } ) );
} );
`;

const LICENSES = {
  good: "alex_00000000000000000000000000000c01",
  noPlugin: "alex_00000000000000000000000000000c02",
  dead: "alex_00000000000000000000000000000c03",
  hanging: "alex_00000000000000000000000000000c04",
  private: "alex_00000000000000000000000000000c05",
  otherLicense: "alex_00000000000000000000000000000c06",
  badPassword: "alex_00000000000000000000000000000c07",
  noConnection: "alex_00000000000000000000000000000c08",
} as const;
type Name = keyof typeof LICENSES;

type Result = {
  kind: string;
  status: "connected" | "disconnected";
  checkedAt: string;
  durationMs: number;
  error?: string;
  rawError?: string;
  details: Record<string, unknown>;
};
const REFUSED = "The connection was refused: nothing answers on that address and port, or a firewall blocks it.";
type FullTest = {
  summary: { passed: number; total: number };
  tests: { test: string; success: boolean; message: string; data: unknown }[];
};

let alex: RunningServer;
let full: WordPressSite;
let bare: WordPressSite;
let hanging: Server;
let cookie = "";
const ids = {} as Record<Name, number>;

async function zipOf(licenseKey: string) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of pluginZipStream({
    licenseKey,
    serverUrl: "http://127.0.0.1:9",
    syncSecret: `secret-${licenseKey}`,
  }))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The harness's `user:password` for a site's Application Password. */
function credentialsOf(site: WordPressSite) {
  const [username, password] = site.applicationPassword!.split(/:(.*)/s);
  return { username: username!, password: password! };
}

beforeAll(async () => {
  const available = wordpressAvailable();
  if (!available.ok) throw new Error(available.reason);
  [full, bare] = await Promise.all([
    startWordPress({
      locale: "en_US",
      pluginZip: await zipOf(LICENSES.good),
      pluginFile: "alex-ai-assistant/alex-ai-assistant.php",
      applicationPassword: true,
      mustUsePlugins: { "hivepress-stand-in": HIVEPRESS_STAND_IN },
    }),
    startWordPress({ locale: "en_US", applicationPassword: true }),
  ]);
  full.runPhp(
    `wp_insert_post( array( 'post_type' => 'hp_listing', 'post_status' => 'publish', 'post_title' => 'Hall 1' ) );`,
  );
  hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  const deadPort = await freePort();
  const connections: Record<Name, { siteUrl: string; username: string; password: string | null } | null> = {
    good: { siteUrl: full.url, ...credentialsOf(full) },
    noPlugin: { siteUrl: `${bare.url}/`, ...credentialsOf(bare) },
    dead: { siteUrl: `http://127.0.0.1:${deadPort}`, username: "admin", password: "x" },
    hanging: {
      siteUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
      username: "admin",
      password: "x",
    },
    private: { siteUrl: "http://10.0.0.1", username: "admin", password: "x" },
    otherLicense: { siteUrl: full.url, username: "", password: null },
    badPassword: { siteUrl: full.url, username: full.admin.username, password: "abcd efgh ijkl mnop qrst uvwx" },
    noConnection: null,
  };

  alex = await startServer(
    { CREDENTIALS_KEY: KEY_HEX, SCANNER_ALLOW_HOSTS: "127.0.0.1" },
    {
      prepareDatabase: async (db) => {
        for (const name of Object.keys(LICENSES) as Name[]) {
          const [client] = await db
            .insert(clients)
            .values({
              businessName: `Checks ${name}`,
              ownerEmail: "owner@checks.test",
              websiteDomain: name === "noConnection" ? "127.0.0.1:1" : "checks.test",
              businessType: "services",
              licenseKey: LICENSES[name],
              // The secret the plugin's listings route asks for: each client's own, as its ZIP carries it.
              pluginSecret: `secret-${LICENSES[name]}`,
            })
            .returning({ id: clients.id });
          ids[name] = client!.id;
          await db
            .insert(trainingConfigs)
            .values({ clientId: client!.id, businessType: "services", greeting: "Hello from the checks!" });
          const connection = connections[name];
          if (connection) {
            await db.insert(wordpressConnections).values({
              clientId: client!.id,
              siteUrl: connection.siteUrl,
              username: connection.username,
              applicationPasswordEncrypted: connection.password ? encryptSecret(KEY, connection.password) : null,
            });
          }
        }
      },
    },
  );
  const login = await fetch(`${alex.url}/login`, {
    method: "POST",
    body: new URLSearchParams(TEST_ADMIN),
    redirect: "manual",
  });
  cookie = login.headers
    .getSetCookie()
    .find((value) => value.startsWith("alex_session="))!
    .split(";")[0]!;
}, 240_000);

afterAll(async () => {
  await Promise.all([
    full?.stop(),
    bare?.stop(),
    alex?.stop(),
    new Promise((resolve) => (hanging ? hanging.close(resolve) : resolve(null))),
  ]);
});

const get = (path: string) => fetch(`${alex.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
async function check(kind: string, name: Name, query = ""): Promise<Result> {
  const response = await get(`/api/system/test-client-${kind}/${ids[name]}${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as Result;
}
async function fullTest(name: Name): Promise<FullTest> {
  const response = await fetch(`${alex.url}/api/system/full-client-test/${ids[name]}`, {
    method: "POST",
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as FullTest;
}

describe("the system checks against real WordPress sites", () => {
  it("the database: a round trip on PGlite with every migration applied", async () => {
    const response = await get("/api/system/test-database");
    const result = (await response.json()) as Result;
    expect(result).toMatchObject({
      kind: "database",
      status: "connected",
      details: { driver: "PGlite", migrations: { upToDate: true } },
    });
    expect(result.details.serverVersion).toMatch(/^\d+/);
    expect(Date.parse(result.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a site with our plugin, HivePress and an Application Password: every check connected, and the full test all passed", async () => {
    const wordpress = await check("wordpress", "good");
    expect(wordpress.error).toBeUndefined();
    expect(wordpress).toMatchObject({
      status: "connected",
      details: {
        siteUrl: full.url,
        siteName: "Alex Test Site",
        plugin: { installed: true, version: PLUGIN_VERSION, licenseSet: true, licenseMatches: true },
        credentials: "accepted",
      },
    });
    expect(wordpress.details.namespaces).toEqual(expect.arrayContaining(["wp/v2", "alex/v1", "hivepress/v1"]));
    expect(JSON.stringify(wordpress)).not.toContain(credentialsOf(full).password);

    const hivepress = await check("hivepress", "good");
    expect(hivepress).toMatchObject({
      status: "connected",
      details: { hivepressNamespace: true, pluginRoute: true, listingsReadable: true, listingsOnFirstPage: 1 },
    });

    const upload = await check("upload", "good");
    expect(upload).toMatchObject({ status: "connected", details: { deleted: true, mimeType: "image/png" } });
    expect(upload.details.mediaId).toEqual(expect.any(Number));
    // Deleted again: nothing left in the media library.
    expect(
      full.runPhp(
        `echo count( get_posts( array( 'post_type' => 'attachment', 'post_status' => 'any', 'numberposts' => -1 ) ) );`,
      ),
    ).toBe("0");

    const ai = await check("ai", "good");
    expect(ai).toMatchObject({ status: "connected", details: { provider: "built-in" } });
    expect(ai.details.reply).toEqual(expect.stringContaining("Hello from the checks!"));

    const result = await fullTest("good");
    expect(result.tests.map((test) => test.test)).toEqual(
      expect.arrayContaining(["wordpress", "hivepress", "ai", "upload"]),
    );
    const external = result.tests.filter((test) => ["wordpress", "hivepress", "ai", "upload"].includes(test.test));
    expect(external.every((test) => test.success)).toBe(true);
    expect(external.find((test) => test.test === "upload")!.message).toBe(
      "A test image was uploaded to the media library and deleted.",
    );
  });

  it("a site without our plugin: WordPress and HivePress disconnected with the reason, upload still works, the full test partial", async () => {
    const wordpress = await check("wordpress", "noPlugin");
    expect(wordpress).toMatchObject({
      status: "disconnected",
      error: "Alex's plugin is not active on the site (alex/v1 is not among its REST namespaces).",
      details: { siteName: "Alex Test Site", plugin: { installed: false } },
    });
    expect((await check("hivepress", "noPlugin")).error).toBe(
      "Neither HivePress nor Alex's plugin is active on the site.",
    );
    expect((await check("upload", "noPlugin")).status).toBe("connected");
    const result = await fullTest("noPlugin");
    expect(result.summary.passed).toBeGreaterThan(0);
    expect(result.summary.passed).toBeLessThan(result.summary.total);
    expect(result.tests.find((test) => test.test === "wordpress")).toMatchObject({
      success: false,
      message: wordpress.error,
    });
  });

  it("another client's license on the site, and a refused Application Password (with the https/local hint)", async () => {
    expect((await check("wordpress", "otherLicense")).error).toBe(
      "Alex's plugin holds another sync secret than this client's (or was made before it had one): download the client's plugin again and install it.",
    );
    const upload = await check("upload", "badPassword");
    expect(upload.status).toBe("disconnected");
    expect(upload.error).toBe(
      "WordPress refused the Application Password (401): the site answers over http only, and WordPress accepts Application Passwords only over https (or over http when the site's environment type is local).",
    );
    expect(upload.rawError).toMatch(/^401: .+/);
  });

  it("a dead port, a site that never answers (5 s), a private address and no connection: disconnected with a clear message", async () => {
    for (const kind of ["wordpress", "hivepress", "upload"]) {
      expect(await check(kind, "dead"), kind).toMatchObject({
        status: "disconnected",
        error: REFUSED,
        rawError: expect.stringContaining("ECONNREFUSED"),
      });
    }
    const slow = await check("wordpress", "hanging");
    expect(slow).toMatchObject({ status: "disconnected", error: "No answer within 5 seconds." });
    expect(slow.durationMs).toBeGreaterThanOrEqual(4900);
    expect(slow.durationMs).toBeLessThan(7000);
    expect((await check("wordpress", "private")).error).toBe(
      "10.0.0.1 is a private address: checks do not reach private networks unless SCANNER_ALLOW_HOSTS allows it.",
    );
    expect((await check("upload", "noConnection")).error).toBe(
      "No WordPress user or Application Password: add them to the client's WordPress connection.",
    );
  }, 20_000);

  it("answers in the operator's language", async () => {
    const result = await check("wordpress", "noPlugin", "?lng=he");
    expect(result.error).toBe("התוסף של Alex אינו פעיל באתר (alex/v1 אינו בין מרחבי ה-REST שלו).");
  });

  it("keeps each result in its history, shown on the system status page in the reader's language, not the runner's", async () => {
    expect((await check("wordpress", "dead", "?lng=he")).error).toBe(
      "החיבור נדחה: אף שרת לא עונה בכתובת ובפורט האלה, או שחומת אש חוסמת אותם.",
    );
    const html = await (await get(`/admin/system-status?clientId=${ids.dead}&lng=en`)).text();
    expect(html).toContain("Client System Status");
    expect(html).toContain(REFUSED);
    expect(html).not.toContain("החיבור נדחה");
    expect(html).toContain("ECONNREFUSED");
    expect(html).toContain(LICENSES.dead);
    expect(html.match(/Disconnected/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it("refuses strangers, unknown clients and unknown checks", async () => {
    expect((await fetch(`${alex.url}/api/system/test-database`)).status).toBe(401);
    expect((await fetch(`${alex.url}/api/system/test-client-wordpress/${ids.good}`)).status).toBe(401);
    for (const path of [
      "/api/system/test-client-wordpress/999999",
      "/api/system/test-client-ai/abc",
      "/api/system/test-client-upload/0",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe("Client not found");
    }
    expect((await get(`/api/system/test-client-nothing/${ids.good}`)).status).toBe(404);
  });
});
