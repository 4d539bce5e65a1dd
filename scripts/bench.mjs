// `npm run bench`: requests per second of the production build, measured on this machine.
// Starts `node server.mjs` on 127.0.0.1 with a throwaway embedded database, measures the landing
// page against the 404 page of the same server (and the investor and dashboard pages when they
// exist), prints a table that says which pages came from the page cache (its X-Page-Cache header)
// and which were rendered, and each page's ratio to the 404 page, labelled the same way, and the chat
// widget's first load in gzipped bytes as a browser receives it, the back-office pages' HTML in bytes
// against their budget, and Lighthouse's view of the public
// pages (scripts/lighthouse-pages.mjs); then stops the server and removes its
// data; then runs scripts/bench-messages.ts (the message API at 10 and 50 visitors and retrieval, on
// the embedded database and PostgreSQL), scripts/bench-retries.ts (a minute of visitors with
// retried messages on PostgreSQL, and the invariants they must leave), scripts/bench-tokens.ts
// (a turn's prompt tokens with a model, and what the server adds before the first word) and
// scripts/bench-accuracy.ts (the built-in responder's answers to the fixture questions, per language).
// It builds nothing: run `npm run build` (or `BUILD_DIR=... npx react-router build`) first.
import { spawn } from "node:child_process";
import { get as httpGet } from "node:http";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { auditPages, printPageAudits } from "./lighthouse-pages.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const seconds = positiveNumber("BENCH_SECONDS", 10);
const warmupSeconds = positiveNumber("BENCH_WARMUP_SECONDS", 2);
const CONNECTIONS = 10;
const TARGET_RATIO = 0.6;
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
// Every case, its warm-up and the start-up fit well inside this; past it the run is abandoned.
const MAX_CASES = 7;
// Lighthouse takes 10–30 s a page here; six pages.
const LIGHTHOUSE_MS = 6 * 60_000;
const RUN_LIMIT_MS =
  START_TIMEOUT_MS + MAX_CASES * (seconds + warmupSeconds + 10) * 1000 + LIGHTHOUSE_MS + STOP_TIMEOUT_MS;

function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) fail(`${name} must be a positive number of seconds, not "${raw}".`);
  return value;
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(1);
}

if (!existsSync(path.join(buildDir, "server/index.js"))) {
  fail(
    `no production build in ${path.relative(root, buildDir) || "."}/ (server/index.js is missing).\n` +
      `Build first: ${process.env.BUILD_DIR ? `BUILD_DIR=${process.env.BUILD_DIR} npx react-router build` : "npm run build"}`,
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// Taken before our own server starts: what else was running on the machine.
const loadBefore = loadavg()[0];
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "alex-bench-"));
const operator = { username: "bench-operator", password: randomBytes(18).toString("base64url") };

const server = spawn(process.execPath, ["server.mjs"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    ADMIN_USERNAME: operator.username,
    ADMIN_PASSWORD: operator.password,
    SEED_DEMO: "true",
    LOG_LEVEL: "silent",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let serverOutput = "";
server.stdout.on("data", (chunk) => (serverOutput += chunk));
server.stderr.on("data", (chunk) => (serverOutput += chunk));
const serverExited = new Promise((resolve) => server.once("exit", resolve));

let stopped;
function stopServer() {
  stopped ??= (async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      const timedOut = await Promise.race([
        serverExited.then(() => false),
        new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, true)),
      ]);
      if (timedOut) {
        console.error(`bench: the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killing it.`);
        server.kill("SIGKILL");
        await serverExited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return stopped;
}

async function abandon(message) {
  console.error(`bench: ${message}`);
  await stopServer();
  process.exit(1);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void abandon(`interrupted (${signal}).`));
const runLimit = setTimeout(
  () => void abandon(`gave up after ${Math.round(RUN_LIMIT_MS / 1000)} s.`),
  RUN_LIMIT_MS,
).unref();

async function waitUntilHealthy() {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      await abandon(`the server exited (${server.exitCode}) while starting:\n${serverOutput}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await abandon(`the server was not healthy within ${START_TIMEOUT_MS / 1000} s:\n${serverOutput}`);
}

async function signIn() {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams(operator),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie) await abandon(`signing in through POST /login answered ${response.status}.`);
  return cookie;
}

/**
 * A case is measured only when the page answers as expected; a missing page is reported, not measured.
 * The second of two requests tells whether the page is served from the page cache.
 */
async function probe(pathname, headers = {}) {
  let response;
  for (let attempt = 0; attempt < 2; attempt++) {
    response = await fetch(`${baseUrl}${pathname}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
  }
  return {
    status: response.status,
    served: response.headers.get("X-Page-Cache") === "hit" ? "page cache" : "rendered",
  };
}

/** The bytes on the wire for one GET with gzip accepted, as the browser would receive them. */
function wireBytes(pathname) {
  return new Promise((resolve, reject) => {
    httpGet(`${baseUrl}${pathname}`, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () =>
        resolve({ status: response.statusCode, encoding: response.headers["content-encoding"] ?? "none", bytes }),
      );
      response.on("error", reject);
    }).on("error", reject);
  });
}

/**
 * The chat UI's whole first load: its HTML carries the CSS and the script inline (and no favicon
 * request), so it is this one response. Measured for the demo client the Hebrew investor page links.
 */
async function widgetFirstLoad() {
  const license = /license=(alex_[0-9a-f]+)/.exec(await (await fetch(`${baseUrl}/invest-he`)).text())?.[1];
  if (!license) return null;
  const html = await (await fetch(`${baseUrl}/api/wordpress/chat-ui?license=${license}`)).text();
  const external = /<script[^>]* src=|<link[^>]*rel="stylesheet"/.test(html);
  return { ...(await wireBytes(`/api/wordpress/chat-ui?license=${license}`)), external };
}

/** The back-office pages a signed-in operator opens most, with their default filters. */
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/clients",
  "/admin/chat-sessions",
  "/admin/leads",
  "/admin/completed-functions",
  "/admin/billing",
  "/admin/analytics",
  "/admin/system-status",
  "/admin/ai-training",
  "/admin/team",
];
const ADMIN_PAGE_BUDGET_BYTES = 60 * 1024;

/** Each page's HTML as the server sends it before compression (the budget is on what the browser parses). */
async function adminPageWeights(headers) {
  const weights = [];
  for (const pathname of ADMIN_PAGES) {
    const response = await fetch(`${baseUrl}${pathname}`, { headers: { ...headers, "accept-encoding": "identity" } });
    weights.push({ pathname, status: response.status, bytes: Buffer.byteLength(await response.text()) });
  }
  return weights;
}

function measure(pathname, headers, duration) {
  return autocannon({ url: `${baseUrl}${pathname}`, connections: CONNECTIONS, duration, headers });
}

await waitUntilHealthy();

const notFoundPath = `/bench-no-such-page-${randomBytes(4).toString("hex")}`;
const PUBLIC_PAGES = ["/", "/invest-en", "/invest-he", "/contact", "/newsletter"]
  .map((path) => ({ path, label: path }))
  .concat({ path: notFoundPath, label: "404 page" });
const cases = [
  { label: "/", path: "/", headers: {}, expected: 200, required: true },
  { label: "404 page", path: notFoundPath, headers: {}, expected: 404, required: true },
  // The landing page itself, rendered: a calculator query is never served from the page cache.
  { label: "/?conversations=100", path: "/?conversations=100&articles=0&solutions=0", headers: {}, expected: 200 },
  { label: "/invest-en", path: "/invest-en", headers: {}, expected: 200 },
  // The investor page rendered, as after a form was sent without JavaScript.
  { label: "/invest-en?inquiry=sent", path: "/invest-en?inquiry=sent", headers: {}, expected: 200 },
  { label: "/invest-he", path: "/invest-he", headers: {}, expected: 200 },
  {
    label: "/admin/dashboard (signed in)",
    path: "/admin/dashboard",
    headers: { cookie: await signIn() },
    expected: 200,
  },
];
if (cases.length > MAX_CASES) fail(`raise MAX_CASES to ${cases.length}.`);

const rows = [];
const skipped = [];
for (const benchCase of cases) {
  const { status, served } = await probe(benchCase.path, benchCase.headers);
  if (status !== benchCase.expected) {
    if (benchCase.required) await abandon(`${benchCase.path} answered ${status}, expected ${benchCase.expected}.`);
    skipped.push(`${benchCase.label} (answers ${status})`);
    continue;
  }
  process.stdout.write(`Measuring ${benchCase.label}: ${warmupSeconds} s warm-up, ${seconds} s…\n`);
  await measure(benchCase.path, benchCase.headers, warmupSeconds);
  const result = await measure(benchCase.path, benchCase.headers, seconds);
  const answered = Object.entries(result.statusCodeStats ?? {});
  const unexpected = answered.filter(([code]) => Number(code) !== benchCase.expected);
  if (result.errors > 0 || result.timeouts > 0 || unexpected.length > 0) {
    await abandon(
      `${benchCase.label}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `unexpected statuses ${JSON.stringify(Object.fromEntries(unexpected))}.`,
    );
  }
  rows.push({
    label: benchCase.label,
    served,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  });
}

const widget = await widgetFirstLoad();
const adminWeights = await adminPageWeights(cases.at(-1).headers);

process.stdout.write(`Lighthouse on ${PUBLIC_PAGES.length} public pages…\n`);
const pageAudits = await auditPages(
  baseUrl,
  PUBLIC_PAGES.map((page) => page.path),
);

await stopServer();

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const header = ["page", "served from", "req/s", "p50 ms", "p99 ms"];
const lines = rows.map((row) => [row.label, row.served, number.format(row.rps), String(row.p50), String(row.p99)]);
const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
const format = (line) =>
  line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");

const cores = availableParallelism();
console.log(
  `\n${CONNECTIONS} connections, ${seconds} s each, production build ${path.relative(root, buildDir)}/, node ${process.version}`,
);
console.log(`Load average before the run: ${loadBefore.toFixed(1)} on ${cores} cores.`);
// The server and autocannon take a core each; more than half the machine busy beforehand skews the figures.
if (loadBefore > cores / 2) {
  console.log(
    "Warning: other work was competing for the CPU; the figures (and the ratio) are noisy. Run again on a quiet machine.",
  );
}
console.log(format(header));
console.log(widths.map((width) => "-".repeat(width)).join("  "));
for (const line of lines) console.log(format(line));
if (skipped.length > 0) console.log(`Not measured: ${skipped.join(", ")}.`);

const WIDGET_BUDGET_BYTES = 25 * 1024;
if (widget) {
  console.log(
    `\nChat widget first load (/api/wordpress/chat-ui, HTML with its CSS and script inline): ` +
      `${number.format(widget.bytes)} bytes ${widget.encoding === "gzip" ? "gzipped" : `(${widget.encoding})`}` +
      `${widget.external ? ", plus external files" : ", nothing else to load"} ` +
      `(budget ${number.format(WIDGET_BUDGET_BYTES)}: ${widget.bytes <= WIDGET_BUDGET_BYTES && !widget.external ? "met" : "NOT met"})`,
  );
} else {
  console.log("\nChat widget first load: not measured (no demo client's license on /invest-he).");
}

console.log(
  `\nBack-office pages' HTML before compression (budget ${number.format(ADMIN_PAGE_BUDGET_BYTES)} bytes each):`,
);
for (const { pathname, status, bytes } of adminWeights) {
  const verdict = status !== 200 ? `answered ${status}` : bytes <= ADMIN_PAGE_BUDGET_BYTES ? "met" : "NOT met";
  console.log(`  ${pathname.padEnd(28)} ${number.format(bytes).padStart(8)}  ${verdict}`);
}

printPageAudits(
  pageAudits.missing
    ? pageAudits
    : pageAudits.map((audit) => ({ ...audit, path: PUBLIC_PAGES.find((page) => page.path === audit.path).label })),
);

// A ratio between a cached page and a rendered one measures the cache, not the page: each line says which it is.
const notFound = rows.find((row) => row.label === "404 page");
console.log("");
for (const row of rows.filter((row) => row !== notFound && !row.label.startsWith("/admin"))) {
  const ratio = row.rps / notFound.rps;
  const target =
    row.label === "/" ? ` (target ${TARGET_RATIO} or better: ${ratio >= TARGET_RATIO ? "met" : "NOT met"})` : "";
  console.log(`Ratio ${row.label} [${row.served}] : 404 page [${notFound.served}] = ${ratio.toFixed(2)}${target}`);
}

// The message API and knowledge retrieval, on the embedded database and on PostgreSQL;
// it starts and stops its own servers, so the page bench's time limit no longer applies.
clearTimeout(runLimit);
const messagesBench = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench-messages.ts")], {
  cwd: root,
  env: { ...process.env, BUILD_DIR: buildDir, BENCH_SECONDS: String(seconds) },
  stdio: "inherit",
});
const messagesExit = await new Promise((resolve) => messagesBench.once("exit", resolve));
if (messagesExit !== 0) fail(`the message API bench failed (exit ${messagesExit}).`);

// The message API for a minute with retried messages on PostgreSQL, and what it left in the database.
const retriesBench = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench-retries.ts")], {
  cwd: root,
  env: { ...process.env, BUILD_DIR: buildDir },
  stdio: "inherit",
});
const retriesExit = await new Promise((resolve) => retriesBench.once("exit", resolve));
if (retriesExit !== 0) fail(`the retries bench failed (exit ${retriesExit}).`);

// A turn with a model: its prompt tokens, and what the server adds before the visitor's first word.
const tokensBench = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench-tokens.ts")], {
  cwd: root,
  env: { ...process.env, BUILD_DIR: buildDir },
  stdio: "inherit",
});
const tokensExit = await new Promise((resolve) => tokensBench.once("exit", resolve));
if (tokensExit !== 0) fail(`the model tokens bench failed (exit ${tokensExit}).`);

// The built-in responder's answers to the fixture businesses' questions: the share holding the expected fact.
const accuracyBench = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench-accuracy.ts")], {
  cwd: root,
  env: { ...process.env, BUILD_DIR: buildDir },
  stdio: "inherit",
});
const accuracyExit = await new Promise((resolve) => accuracyBench.once("exit", resolve));
if (accuracyExit !== 0) fail(`the accuracy bench failed (exit ${accuracyExit}).`);
