import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../../support/http.ts";

const assets = path.resolve(import.meta.dirname, "../../../build/client/assets");
const built = readdirSync(assets);
const largestOf = (extension: string) =>
  built
    .filter((name) => name.endsWith(extension))
    .map((name) => ({ name, bytes: readFileSync(path.join(assets, name)) }))
    .sort((a, b) => b.bytes.length - a.bytes.length)[0]!;
const script = largestOf(".js");
const stylesheet = largestOf(".css");

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The response exactly as it crossed the wire: no decompression, unlike fetch. */
function rawGet(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathname, baseUrl()), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the build's scripts and styles (/assets)", () => {
  it("sends brotli to a browser that accepts it, the same bytes as the built file, cached for good", async () => {
    const response = await rawGet(`/assets/${script.name}`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript");
    expect(response.headers["cache-control"]).toBe("public,max-age=31536000,immutable");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.bytes.length / 2);
    expect(brotliDecompressSync(response.body).equals(script.bytes)).toBe(true);
  });

  it("sends gzip to a client that accepts only gzip, and the plain file to one that accepts neither", async () => {
    const gzipped = await rawGet(`/assets/${stylesheet.name}`, { "Accept-Encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-type"]).toBe("text/css");
    expect(gunzipSync(gzipped.body).equals(stylesheet.bytes)).toBe(true);

    const plain = await rawGet(`/assets/${stylesheet.name}`);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(stylesheet.bytes)).toBe(true);
  });

  it("answers HEAD with the headers alone", async () => {
    const response = await rawGet(`/assets/${script.name}`, { "Accept-Encoding": "br" }, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.body.length).toBe(0);
  });

  it("sends the whole file for any Range, a reversed one included", async () => {
    for (const range of ["bytes=50-2", "bytes=0-10", "bytes=abc"]) {
      const response = await rawGet(`/assets/${script.name}`, { Range: range });
      expect(response.status, range).toBe(200);
      expect(response.body.equals(script.bytes), range).toBe(true);
    }
  });

  it("answers a missing asset, a way out of the folder and a broken escape with the product's 4xx, never a file", async () => {
    const missing = await rawGet("/assets/no-such-chunk-0000.js", { "Accept-Language": "en" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
    for (const pathname of ["/assets/..%2f..%2fserver%2findex.js", "/assets/../../package.json", "/assets/%E0%A4%A"]) {
      const response = await rawGet(pathname);
      expect([400, 404], pathname).toContain(response.status);
      // Neither the package's manifest nor the server's build leaks through.
      expect(response.body.toString("utf8"), pathname).not.toMatch(/"private": true|startRuntime/);
    }
  });
});
