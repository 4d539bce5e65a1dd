import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckFailure, explainCheckError } from "~/checks/check-errors.server.ts";
import { explanationText, type Explanation } from "~/checks/explanation.ts";
import { checkWordPress } from "~/checks/site-checks.server.ts";
import { siteUrlFrom, WordPressRest, type WordPressTarget } from "~/checks/wordpress-site.server.ts";
import { selfSignedCertificate } from "../../support/self-signed.ts";
import { freePort } from "../../support/server.ts";

/**
 * The failures an operator meets most, each with its own explanation and the raw error behind it,
 * and an address without a scheme tried over https and then http; against servers on 127.0.0.1:
 * a WordPress stand-in over plain http, one over https with a self-signed certificate, one failing
 * with 500, and a dead port.
 */
const LICENSE = "alex_0000000000000000000000000000e0e1";
const ALLOW = ["127.0.0.1"];

type Route = (request: IncomingMessage, response: ServerResponse) => void;
const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
};
/** WordPress's REST index, our plugin's routes, and a user route that refuses the Application Password. */
const wordpress =
  (namespaces: string[]): Route =>
  (request, response) => {
    const route = new URL(request.url!, "http://x").pathname.replace(/^\/wp-json/, "");
    if (route === "/" || route === "") return json(response, 200, { name: "Stand-in", namespaces });
    if (route.startsWith("/alex/v1/") && !namespaces.includes("alex/v1"))
      return json(response, 404, { message: "No route was found matching the URL and request method." });
    if (route === "/alex/v1/status") return json(response, 200, { version: "1.0.0", licenseSet: true });
    if (route === "/alex/v1/listings")
      return json(response, request.headers["x-alex-secret"] === LICENSE ? 200 : 401, { listings: [] });
    if (route === "/wp/v2/users/me")
      return json(response, 401, { code: "rest_not_logged_in", message: "You are not currently logged in." });
    json(response, 404, { message: "No route was found matching the URL and request method." });
  };

const servers: Server[] = [];
async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const ports = { plain: 0, plugin: 0, broken: 0, selfSigned: 0, dead: 0 };

beforeAll(async () => {
  ports.plain = await listen(createServer(wordpress(["wp/v2"])));
  ports.plugin = await listen(createServer(wordpress(["wp/v2", "alex/v1"])));
  ports.broken = await listen(
    createServer((_request, response) => json(response, 500, { message: "Error establishing a database connection" })),
  );
  ports.selfSigned = await listen(createHttpsServer(selfSignedCertificate(), wordpress(["wp/v2", "alex/v1"])));
  ports.dead = await freePort();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

function targetOf(address: string, credentials = false): WordPressTarget {
  return {
    siteUrl: siteUrlFrom(address),
    source: "connection",
    schemeGiven: /^https?:\/\//.test(address),
    username: credentials ? "admin" : null,
    applicationPassword: credentials ? "abcd efgh ijkl mnop" : null,
    passwordUnreadable: false,
  };
}

/** checkWordPress as the page runs it: the failure (thrown or returned), the notice, the address it ended on. */
async function run(address: string, credentials = false) {
  const rest = new WordPressRest(targetOf(address, credentials), {
    signal: AbortSignal.timeout(5_000),
    allowHosts: ALLOW,
  });
  try {
    const outcome = await checkWordPress({ rest, pluginSecret: LICENSE });
    return { ok: outcome.ok, failure: outcome.failure, notice: rest.schemeNotice(), siteUrl: rest.siteUrl };
  } catch (error) {
    return {
      ok: false,
      failure: explainCheckError(error),
      notice: error instanceof CheckFailure ? error.notice : rest.schemeNotice(),
      siteUrl: rest.siteUrl,
    };
  }
}

const translate = (key: string, options?: Record<string, unknown>) =>
  `${String(options?.ns)}:${key}${options?.status ? `(${String(options.status)})` : ""}`;
const textOf = (explanation: Explanation | undefined) =>
  explanation ? explanationText(translate, explanation) : undefined;

describe("a check's failure, explained", () => {
  it("a domain without a scheme on an http-only site: https fails as 'http only', http answers and the check goes on over it", async () => {
    const result = await run(`127.0.0.1:${ports.plain}`);
    expect(result.siteUrl).toBe(`http://127.0.0.1:${ports.plain}`);
    expect(result.notice).toEqual({ key: "explain.answeredHttp", values: { reason: { key: "explain.httpOnly" } } });
    expect(textOf(result.failure)).toBe("checks:wordpress.pluginMissing");
  });

  it("the same site typed with https:// is not tried over http: 'the site answers over http only', the OpenSSL error behind it", async () => {
    const result = await run(`https://127.0.0.1:${ports.plain}`);
    expect(result.notice).toBeUndefined();
    expect(result.failure?.key).toBe("explain.httpOnly");
    expect(result.failure?.raw).toMatch(/wrong version number/i);
  });

  it("a domain without a scheme on a TLS port with a bad certificate: https is explained, though http was tried too", async () => {
    const result = await run(`127.0.0.1:${ports.selfSigned}`);
    expect(result.failure?.key).toBe("explain.certificateUntrusted");
    expect(result.failure?.raw).toMatch(/^https: .*self[- ]signed[\s\S]*\nhttp: /i);
    expect(result.notice).toEqual({ key: "explain.neitherAnswered" });
  });

  it("a certificate that is not valid: 'the certificate is not valid'", async () => {
    const result = await run(`https://127.0.0.1:${ports.selfSigned}`);
    expect(result.failure?.key).toBe("explain.certificateUntrusted");
    expect(result.failure?.raw).toMatch(/DEPTH_ZERO_SELF_SIGNED_CERT|self[- ]signed/i);
  });

  it("nothing on the port: 'the connection was refused', over https and then http for a bare domain", async () => {
    expect((await run(`http://127.0.0.1:${ports.dead}`)).failure).toMatchObject({
      key: "explain.refused",
      raw: expect.stringContaining("ECONNREFUSED"),
    });
    const bare = await run(`127.0.0.1:${ports.dead}`);
    expect(bare.failure?.key).toBe("explain.refused");
    expect(bare.notice).toEqual({ key: "explain.neitherAnswered" });
    expect(bare.siteUrl).toBe(`https://127.0.0.1:${ports.dead}`);
  });

  it("a name DNS does not know: 'the address was not found', and http is not tried for it", async () => {
    const result = await run("no-such-site.invalid");
    expect(result.failure).toMatchObject({ key: "explain.dnsNotFound", values: { host: "no-such-site.invalid" } });
    expect(result.notice).toBeUndefined();
  });

  it("an HTTP error: what the status means, with 'status: the server's message' behind it", async () => {
    const result = await run(`http://127.0.0.1:${ports.broken}`);
    expect(result.failure).toEqual({
      key: "explain.httpServerError",
      values: { status: 500 },
      raw: "500: Error establishing a database connection",
    });
    expect(textOf(result.failure)).toBe("checks:explain.httpServerError(500)");
  });

  it("a refused Application Password over plain http: the http-only explanation; the plugin missing: its own", async () => {
    const refused = await run(`http://127.0.0.1:${ports.plugin}`, true);
    expect(refused.failure).toEqual({
      key: "explain.credentialsRefusedHttp",
      values: { status: 401 },
      raw: "401: You are not currently logged in.",
    });
    expect((await run(`http://127.0.0.1:${ports.plain}`)).failure).toEqual({ key: "wordpress.pluginMissing" });
  });
});
