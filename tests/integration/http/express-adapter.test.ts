import type { AddressInfo } from "node:net";
import { request as httpRequest, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toWebRequest } from "~/server/express-adapter.server.ts";
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
