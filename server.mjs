// The production HTTP server: static files, the React Router app, JSON request logs,
// start-up (env, database, operator, demo data) before listening, and a clean shutdown.
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import net from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";
import sirv from "sirv";
import { RouterContextProvider } from "react-router";

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const build = await import(path.join(BUILD_DIR, "server/index.js"));
const {
  startRuntime,
  stopRuntime,
  requestInfoContext,
  normalizeAddress,
  frontDoorHandler,
  appHandler,
  answerClientError,
  HTTP_SERVER_OPTIONS,
  healthCheckHandler,
  isPlainHealthCheck,
  beginShutdown,
} = build.entry.module;

let runtime;
try {
  runtime = await startRuntime(process.env);
} catch (error) {
  console.error(`Alex could not start.\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const { env } = runtime;
const quiet = env.LOG_LEVEL === "silent";

const app = express();
app.disable("x-powered-by");
// Nothing reads Express's req.query (React Router reads the URL itself), and its parser (qs, nested
// objects and arrays) ran on every request: a tenth of the server's CPU under the hostile-input suite.
app.set("query parser", false);
// Only the proxies named in TRUST_PROXY (by default one on this machine) speak for the client's address and https.
app.set("trust proxy", env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false);
app.use((request, response, next) => {
  if (quiet) return next();
  const started = process.hrtime.bigint();
  response.on("finish", () => {
    const log = {
      time: new Date().toISOString(),
      level: "info",
      method: request.method,
      // A reset or invitation link's token is a password for an hour: the log keeps the page, not the token.
      path: request.originalUrl.split("?")[0].replace(/^\/(reset-password|invite)\/[^/.]+/, "/$1/[token]"),
      status: response.statusCode,
      ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      ip: request.ip && normalizeAddress(request.ip),
      bytes: Number(response.getHeader("content-length") ?? 0) || undefined,
    };
    process.stdout.write(`${JSON.stringify(log)}\n`);
  });
  next();
});

// Absurd paths, unknown methods and oversized or mistyped bodies are refused before anything else runs.
app.use(frontDoorHandler);
// The build's hashed scripts and styles never change under their names. They were compressed once at
// build time (vite.config.ts): each request gets the variant its browser accepts from a file list read at
// start, with no disk lookup and no compressing. A Range header is dropped: no browser asks for part
// of a script, and sirv would throw on a reversed range.
const serveAssets = sirv(path.join(BUILD_DIR, "client/assets"), {
  immutable: true,
  maxAge: 365 * 24 * 60 * 60,
  brotli: true,
  gzip: true,
  extensions: [],
});
app.use("/assets", (request, response, next) => {
  delete request.headers.range;
  serveAssets(request, response, next);
});
// Server-Sent Events are never compressed: the compressor holds bytes back until its buffer fills, so a
// live frame (app/live/live-stream.server.ts) would wait, and the guard's Cache-Control drops no-transform.
app.use(
  compression({
    filter: (request, response) =>
      !/^text\/event-stream\b/.test(String(response.getHeader("Content-Type") ?? "")) &&
      compression.filter(request, response),
  }),
);

// The few files beside assets/ (the favicon) are listed once: asking the disk for every page and API
// call, and building the error that a missing file makes, cost more than a message's own queries.
const clientDir = path.join(BUILD_DIR, "client");
const rootFiles = new Set(
  readdirSync(clientDir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${e.name}`),
);
const serveRootFile = express.static(clientDir, { maxAge: "1h", index: false });
app.use((request, response, next) => (rootFiles.has(request.path) ? serveRootFile(request, response, next) : next()));

app.all(
  "*",
  appHandler({
    build,
    mode: env.NODE_ENV === "production" ? "production" : "development",
    getLoadContext(request) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { ip: request.ip ? normalizeAddress(request.ip) : "unknown" });
      return context;
    },
  }),
);

const answerHealthCheck = healthCheckHandler(runtime.database);
const server = createServer(HTTP_SERVER_OPTIONS, (request, response) =>
  isPlainHealthCheck(request) ? answerHealthCheck(request, response) : app(request, response),
);
server.on("clientError", answerClientError);
server.listen(env.PORT, env.HOST, () => {
  const lines = [`Alex is running at ${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}`, ...runtime.report];
  if (!quiet) console.log(lines.join("\n"));
});

/*
 * Graceful shutdown. Each connection counts its requests in flight. On SIGTERM or SIGINT the server stops
 * listening at once (new connections are refused), ends the event streams that would otherwise stay open
 * until their browser leaves (app/server/shutdown.server.ts), and lets every request and reply in flight finish;
 * a connection is closed when its last response ends (and answers "Connection: close" from then on).
 * A connection carrying no request yet may hold one the busy event loop has not read: it gets a second
 * to send it before it is closed. Then the scheduler and the database close, and the process exits 0.
 */
const IDLE_GRACE_MS = 1000;
const FORCE_EXIT_MS = 30_000;
const inFlight = new Map();
server.on("connection", (socket) => {
  inFlight.set(socket, 0);
  socket.on("close", () => inFlight.delete(socket));
});
server.on("request", (request, response) => {
  const socket = request.socket;
  inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
  if (stopping) response.shouldKeepAlive = false;
  response.on("close", () => {
    const left = Math.max((inFlight.get(socket) ?? 1) - 1, 0);
    inFlight.set(socket, left);
    if (stopping && left === 0) socket.end();
  });
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  if (!quiet) console.log(`${signal}: finishing open requests, then stopping.`);
  const force = setTimeout(() => {
    console.error(`Requests still open ${FORCE_EXIT_MS / 1000} s after ${signal}: stopping anyway.`);
    process.exit(1);
  }, FORCE_EXIT_MS).unref();
  // net.Server's close, not http.Server's: the latter also drops every connection without a request in
  // progress, including one whose request the event loop has not read yet (its visitor sees a reset).
  net.Server.prototype.close.call(server, async () => {
    await stopRuntime();
    clearTimeout(force);
    process.exit(0);
  });
  // Streams that end only when their reader leaves (chat events, the live monitor) end now.
  beginShutdown();
  setTimeout(() => {
    for (const [socket, requests] of inFlight) if (requests === 0) socket.end();
  }, IDLE_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
