// The production HTTP server: static files, the React Router app, JSON request logs,
// start-up (env, database, operator, demo data) before listening, and a clean shutdown.
import { createServer } from "node:http";
import { register } from "node:module";
import path from "node:path";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";

// Before the build (and postgres.js with it) loads: patches/postgres-closed-socket.mjs says why.
register("./patches/postgres-closed-socket.mjs", import.meta.url);

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
// Only the proxies named in TRUST_PROXY (by default one on this machine) speak for the client's address and https.
app.set("trust proxy", env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false);
app.use(compression());

app.use((request, response, next) => {
  if (quiet) return next();
  const started = process.hrtime.bigint();
  response.on("finish", () => {
    const log = {
      time: new Date().toISOString(),
      level: "info",
      method: request.method,
      path: request.originalUrl.split("?")[0],
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
app.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));

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

const server = createServer(app);
server.on("clientError", answerClientError);
server.listen(env.PORT, env.HOST, () => {
  const lines = [`Alex is running at ${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}`, ...runtime.report];
  if (!quiet) console.log(lines.join("\n"));
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  if (!quiet) console.log(`${signal}: finishing open requests, then stopping.`);
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    await stopRuntime();
    clearTimeout(force);
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
