import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/**
 * What the stand-in does with a request: pass it to the real server, or hang.
 * - "proxy": everything goes to the real server, answers streamed back as they come.
 * - "hang": nothing is ever answered (a server that accepted the connection and froze).
 * - "silent-messages": the message API never answers; everything else is proxied.
 * - "half-messages": the message API starts a streamed reply, sends one piece and goes silent.
 * - "busy-messages": the message API answers 503 with Retry-After: 2, as our server does when it is full.
 */
export type StandInMode = "proxy" | "hang" | "silent-messages" | "half-messages" | "busy-messages";

/** The busy refusal's words, as the stand-in sends them. */
export const BUSY_TEXT = "Alex is busy right now. Trying again in a moment.";

export type ChatStandIn = {
  url: string;
  port: number;
  mode: StandInMode;
  /** Messages passed on to the real server: a try the browser sent earlier but that arrives later counts only if proxied. */
  proxiedMessages: number;
  close: () => Promise<void>;
};

const isMessageApi = (request: IncomingMessage) =>
  request.method === "POST" && (request.url ?? "").startsWith("/api/wordpress/messages");

async function proxy(target: string, request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string" && name !== "host" && name !== "connection") headers.set(name, value);
  }
  // As a reverse proxy on this machine does: the server then takes the stand-in's address as its own,
  // so the chat page's requests come from the server's own origin.
  if (request.headers.host) headers.set("X-Forwarded-Host", request.headers.host);
  const answer = await fetch(new URL(request.url ?? "/", target), {
    method: request.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    redirect: "manual",
  });
  const passed: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    // fetch has undone the compression and knows the length itself.
    if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name)) passed[name] = value;
  });
  response.writeHead(answer.status, passed);
  if (!answer.body) return void response.end();
  Readable.fromWeb(answer.body as WebReadableStream).pipe(response);
}

/**
 * A stand-in for our server on its own loopback port, for the tests that prove the widget and the
 * launcher never leave a visitor stuck: it proxies to the real server, or hangs as `mode` says
 * (changeable at any time). `port` lets a test start it where a launcher already found nothing.
 */
export async function startChatStandIn(target: string, port = 0): Promise<ChatStandIn> {
  const held = new Set<ServerResponse>();
  const hold = (response: ServerResponse) => {
    held.add(response);
    response.on("close", () => held.delete(response));
  };
  const server: Server = createServer((request, response) => {
    const mode = standIn.mode;
    if (mode === "hang") return hold(response);
    if (isMessageApi(request) && mode === "silent-messages") return hold(response);
    if (isMessageApi(request) && mode === "busy-messages") {
      response.writeHead(503, { "Content-Type": "application/json", "Retry-After": "2" });
      return void response.end(JSON.stringify({ error: BUSY_TEXT }));
    }
    if (isMessageApi(request) && mode === "half-messages") {
      response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      response.write(`event: delta\ndata: ${JSON.stringify({ text: "Half a reply" })}\n\n`);
      return hold(response);
    }
    if (isMessageApi(request)) standIn.proxiedMessages += 1;
    proxy(target, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  const standIn: ChatStandIn = {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    mode: "proxy",
    proxiedMessages: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

export type HostPageOptions = { chatUrl: string; language: "he" | "en"; offset?: number; adminBar?: boolean };

/**
 * A business's page as the WordPress plugin prints it: text down to the bottom of the screen, the
 * settings as `window.alexAssistant` and the launcher script from the plugin's ZIP. Everything
 * about the page comes from its query (`?o=` base64url JSON of HostPageOptions).
 */
export async function startHostPage(launcherScript: string, labels: Record<"he" | "en", Record<string, string>>) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/launcher.js") {
      return response.writeHead(200, { "Content-Type": "text/javascript" }).end(launcherScript);
    }
    if (url.pathname !== "/") return response.writeHead(404).end();
    const options = JSON.parse(Buffer.from(url.searchParams.get("o") ?? "", "base64url").toString()) as HostPageOptions;
    const settings = {
      chatUrl: options.chatUrl,
      rtl: options.language === "he",
      offset: options.offset ?? 0,
      ...labels[options.language],
    };
    const paragraph =
      options.language === "he"
        ? "המאפייה שלנו פתוחה כל יום. לחם טרי, עוגות ועוגיות נאפים כאן כל בוקר."
        : "Our bakery is open every day. Fresh bread, cakes and cookies are baked here every morning.";
    const html = `<!doctype html><html lang="${options.language}" dir="${settings.rtl ? "rtl" : "ltr"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Bakery</title>
<style>body{margin:0;font:18px/1.6 sans-serif}main{padding:16px}
#wpadminbar{position:fixed;top:0;inset-inline:0;height:32px;background:#1d2327;color:#fff}
@media (max-width:782px){#wpadminbar{height:46px}}
.admin-bar main{padding-top:56px}</style></head>
<body${options.adminBar ? ' class="admin-bar"' : ""}>${options.adminBar ? '<div id="wpadminbar">Admin bar</div>' : ""}
<main><h1>Bakery</h1>${`<p>${paragraph}</p>`.repeat(12)}</main>
<script>window.alexAssistant = ${JSON.stringify(settings)};</script><script src="/launcher.js" defer></script></body></html>`;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: (options: HostPageOptions) => `${origin}/?o=${Buffer.from(JSON.stringify(options)).toString("base64url")}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
