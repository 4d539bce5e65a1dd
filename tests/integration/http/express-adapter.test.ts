import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { request as httpRequest, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toWebRequest, writeBody } from "~/server/express-adapter.server.ts";
import { frontDoor } from "~/server/front-door.server.ts";

type Echo = { url: string; method: string; headers: Record<string, string>; body: string | null };

let server: Server;
let port: number;

/** Express as server.mjs sets it up, answering with what React Router would be handed. */
beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(frontDoor());
  app.all("*", async (request, response) => {
    const web = toWebRequest(request);
    const echo: Echo = {
      url: web.url,
      method: web.method,
      headers: Object.fromEntries(web.headers.entries()),
      body: web.body ? await web.text() : null,
    };
    response.json(echo);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** node:http, so the Host and repeated headers are sent exactly as written. */
function send(
  path: string,
  init: { method?: string; headers?: Record<string, string | string[]>; body?: string } = {},
): Promise<Echo> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, path, method: init.method ?? "GET", headers: init.headers },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (text += chunk));
        incoming.on("end", () => resolve(JSON.parse(text) as Echo));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

describe("the Express adapter (app/server/express-adapter.server.ts)", () => {
  it("hands React Router the URL the browser saw, query included", async () => {
    const echo = await send("/admin/billing.data?period=2026-10&lng=he", { headers: { Host: "alex.example:8080" } });
    expect(echo.url).toBe("http://alex.example:8080/admin/billing.data?period=2026-10&lng=he");
    expect(echo.method).toBe("GET");
    expect(echo.body).toBeNull();
  });

  it("takes the host and scheme from a trusted proxy on this machine", async () => {
    const echo = await send("/", {
      headers: { Host: "127.0.0.1", "X-Forwarded-Host": "alex.example", "X-Forwarded-Proto": "https" },
    });
    expect(echo.url).toBe("https://alex.example/");
  });

  it("cuts a Host at the first character a host name cannot hold, and reads a broken one as localhost", async () => {
    expect((await send("/x", { headers: { Host: "evil.example/@other" } })).url).toBe("http://evil.example/x");
    expect((await send("/x", { headers: { Host: "[::1" } })).url).toBe("http://localhost/x");
  });

  it("keeps every header, repeated ones included", async () => {
    const echo = await send("/", { headers: { Accept: "text/html", "X-Custom": ["one", "two"] } });
    expect(echo.headers.accept).toBe("text/html");
    expect(echo.headers["x-custom"]).toBe("one, two");
  });

  it("passes the body the front door read and capped, once", async () => {
    const body = "name=%D7%93%D7%A0%D7%94&email=dana%40example.com";
    const echo = await send("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(echo.method).toBe("POST");
    expect(echo.body).toBe(body);
  });

  it("gives an empty post an empty body", async () => {
    const echo = await send("/contact", { method: "POST" });
    expect(echo.body).toBe("");
  });
});

describe("writing a body through compression (writeBody)", () => {
  const CHUNKS = 400;
  const CHUNK_BYTES = 64 * 1024;
  let streamed: Server;
  let streamedPort: number;
  let cancelled = false;
  let finished: Promise<unknown> = Promise.resolve();

  /** A long export: each chunk different, so the compressor has work and the response fills up often. */
  const longBody = () => {
    let index = 0;
    cancelled = false;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (index++ === CHUNKS) return controller.close();
        controller.enqueue(Buffer.from(randomBytes(CHUNK_BYTES / 2).toString("hex")));
      },
      cancel() {
        cancelled = true;
      },
    });
  };

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.get("/export", (_request, response) => {
      response.type("text/csv");
      finished = writeBody(longBody(), response).catch(() => undefined);
    });
    streamed = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => streamed.once("listening", resolve));
    streamedPort = (streamed.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => streamed.close(() => resolve())));

  it("sends every byte, waiting on one drain listener however often the response fills", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const compressed = await new Promise<Buffer>((resolve, reject) => {
        const outgoing = httpRequest(
          { host: "127.0.0.1", port: streamedPort, path: "/export", headers: { "Accept-Encoding": "gzip" } },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("end", () =>
              incoming.headers["content-encoding"] === "gzip"
                ? resolve(Buffer.concat(chunks))
                : reject(new Error(`not compressed: ${incoming.headers["content-encoding"]}`)),
            );
          },
        );
        outgoing.on("error", reject);
        outgoing.end();
      });
      await finished;
      expect(gunzipSync(compressed).length).toBe(CHUNKS * CHUNK_BYTES);
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("stops reading the body when the client goes away", async () => {
    await new Promise<void>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: "127.0.0.1", port: streamedPort, path: "/export", headers: { "Accept-Encoding": "gzip" } },
        (incoming) => {
          incoming.once("data", () => {
            outgoing.destroy();
            resolve();
          });
        },
      );
      outgoing.on("error", (error) => (outgoing.destroyed ? undefined : reject(error)));
      outgoing.end();
    });
    await finished;
    expect(cancelled).toBe(true);
  });
});
