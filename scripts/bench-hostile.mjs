// `npm run bench:hostile`: how long each hostile request of docs/decisions/010-request-limits.md
// takes to be refused, and how long /healthz takes while it is in flight, on the production build
// (run `npm run build` first).
// Starts `node server.mjs` on 127.0.0.1 with a throwaway embedded database, sends each request
// ROUNDS times (one at a time, with a /healthz beside each), prints the median and the worst, then
// stops the server and removes its data.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

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

/** One request over node:http (fetch refuses TRACE); the body is a Buffer, or an array of chunks sent without Content-Length. */
function send(port, { method = "GET", path: target, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path: target, headers }, (incoming) => {
      incoming.resume();
      incoming.on("end", () => resolve({ status: incoming.statusCode, ms: performance.now() - started }));
    });
    outgoing.on("error", (error) => resolve({ status: `error ${error.code}`, ms: performance.now() - started }));
    if (Array.isArray(body)) {
      for (const chunk of body) outgoing.write(chunk);
      outgoing.end();
    } else outgoing.end(body);
  });
}

const repeated = (times) => Buffer.from(Array.from({ length: times }, () => "a=1").join("&"));
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const multipartBody = Buffer.concat([
  Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n'),
  Buffer.alloc(10 * 1024 * 1024),
  Buffer.from("\r\n--b--\r\n"),
]);

const CASES = [
  ["7,000 path segments", { path: `/${"a/".repeat(7000)}` }],
  [
    "20,000 repeated fields to /test-plugin-preview",
    { method: "POST", path: "/test-plugin-preview", headers: FORM, body: repeated(20_000) },
  ],
  ["100,000 repeated fields to /contact", { method: "POST", path: "/contact", headers: FORM, body: repeated(100_000) }],
  [
    "100,000 repeated fields to /login, chunked",
    { method: "POST", path: "/login", headers: FORM, body: Array.from({ length: 100 }, () => repeated(1000)) },
  ],
  [
    "400 KB JSON to /api/investment-inquiry, chunked",
    {
      method: "POST",
      path: "/api/investment-inquiry",
      headers: { "Content-Type": "application/json" },
      body: Array.from({ length: 400 }, () => Buffer.alloc(1024, 120)),
    },
  ],
  [
    "10 MB multipart to /contact",
    {
      method: "POST",
      path: "/contact",
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
      body: multipartBody,
    },
  ],
  ["TRACE /", { method: "TRACE", path: "/" }],
  ["OPTIONS /login", { method: "OPTIONS", path: "/login" }],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const format = (ms) => `${ms.toFixed(1)} ms`;

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "alex-bench-hostile-"));
const server = spawn(process.execPath, ["server.mjs"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "silent",
    SEED_DEMO: "true",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  const deadline = Date.now() + 90_000;
  while ((await send(port, { path: "/healthz" })).status !== 200) {
    if (Date.now() > deadline) throw new Error("the server did not start in 90 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    `Hostile requests against the production build, ${ROUNDS} rounds each (load average ${loadavg()[0].toFixed(1)})\n`,
  );
  console.log("| request | answer | refused in (median / worst) | /healthz beside it (median / worst) |");
  console.log("|---|---|---|---|");
  for (const [name, hostile] of CASES) {
    const refusals = [];
    const health = [];
    const statuses = new Set();
    for (let round = 0; round < ROUNDS; round++) {
      const inFlight = send(port, hostile);
      const beside = await send(port, { path: "/healthz" });
      const answer = await inFlight;
      statuses.add(answer.status);
      refusals.push(answer.ms);
      health.push(beside.ms);
    }
    console.log(
      `| ${name} | ${[...statuses].join(", ")} | ${format(median(refusals))} / ${format(Math.max(...refusals))} | ${format(median(health))} / ${format(Math.max(...health))} |`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
