// `npm test`: the checks that need no build (typecheck, lint, Prettier's format check, Vitest's unit
// project) side by side with the production build, then Vitest's integration project (databases and HTTP
// against the build), then Playwright (end-to-end in Debian's Chromium against the build), then one
// closing line with the totals. The checks run at once because each of them leaves a core idle most of
// the time; each one's output is printed whole when it ends, so the log still reads one check at a time.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
// Debian's headless shell: the Chromium engine without the browser's own interface, which Playwright
// itself uses for headless runs; on 2 cores the end-to-end tests take about a third less time than in
// the full browser.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

const bin = (name) => path.join(root, "node_modules/.bin", name);
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** Runs a command; `quiet` holds its output and prints it in one piece when it ends. */
function run(title, command, args, { env = {}, quiet = false } = {}) {
  const started = performance.now();
  if (!quiet) console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.once("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once("close", (code) => {
      if (quiet) {
        console.log(`\n=== ${title} (${seconds(started)}) ===`);
        process.stdout.write(Buffer.concat(output));
      } else {
        console.log(`=== ${title}: ${seconds(started)} ===`);
      }
      resolve(code === 0);
    });
  });
}

async function ensureChromium() {
  if (existsSync(chromium)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell and fonts-noto-core…");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    if (
      (await run("apt-get update", "apt-get", ["update", "-qq"], { env })) &&
      (await run(
        "install chromium",
        "apt-get",
        ["install", "-y", "-qq", "chromium-headless-shell", "fonts-noto-core"],
        {
          env,
        },
      ))
    ) {
      return existsSync(chromium);
    }
  }
  console.error(
    `\nChromium was not found at ${chromium} and could not be installed here.\n` +
      "Install it with `sudo apt-get install chromium-headless-shell fonts-noto-core`, or set CHROMIUM_PATH to a Chromium binary.",
  );
  return false;
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);

let passed = 0;
let failed = 0;
/** End-to-end tests that failed once and passed on their retry (playwright.config.ts retries on CI). */
let flaky = 0;

/**
 * A file that failed to load, a failing hook, a global setup or an error thrown between tests fails a
 * run without failing a test: it counts as one, so the closing line never says "0 failed" over a failed run.
 */
function countFailures(title, runOk, failedTests) {
  failed += failedTests;
  if (!runOk && failedTests === 0) {
    failed += 1;
    console.log(`${title} failed outside any test: see its errors above.`);
  }
}

async function vitestProject(name, options) {
  const report = path.join(reports, `vitest-${name}.json`);
  const projectOk = await run(
    `vitest (${name})`,
    bin("vitest"),
    ["run", "--project", name, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    options,
  );
  const vitest = readJson(report);
  passed += vitest?.numPassedTests ?? 0;
  countFailures(`vitest (${name})`, projectOk, vitest?.numFailedTests ?? 0);
  return projectOk;
}

const started = performance.now();
// typegen writes the route types that both tsc and ESLint's import resolver read.
const checks = await run("route types", bin("react-router"), ["typegen"], { quiet: true });
const results = await Promise.all([
  checks && run("typecheck", bin("tsc"), [], { quiet: true }),
  checks && run("lint", bin("eslint"), [".", "--max-warnings", "0"], { quiet: true }),
  run("format", bin("prettier"), ["--check", ".", "--log-level", "warn"], { quiet: true }),
  run("commit messages", process.execPath, ["scripts/check-commits.mjs"], { quiet: true }),
  vitestProject("unit", { quiet: true }),
  run("build", bin("react-router"), ["build"], { quiet: true }),
]);
let ok = checks && results.every(Boolean);

if (ok) {
  ok = (await vitestProject("integration")) && ok;

  if (await ensureChromium()) {
    const e2eReport = path.join(reports, "playwright.json");
    const e2eOk = await run("playwright (end-to-end)", bin("playwright"), ["test"], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, CHROMIUM_PATH: chromium },
    });
    const e2e = readJson(e2eReport);
    flaky = e2e?.stats?.flaky ?? 0;
    passed += (e2e?.stats?.expected ?? 0) + flaky;
    countFailures("playwright (end-to-end)", e2eOk, e2e?.stats?.unexpected ?? 0);
    ok = e2eOk && ok;
  } else {
    failed += 1;
    ok = false;
  }
} else if (failed === 0) {
  failed += 1;
}

console.log(
  `\n${passed} passed${flaky ? ` (${flaky} only on a retry)` : ""}, ${failed} failed, in ${seconds(started)}`,
);
process.exit(ok && failed === 0 ? 0 : 1);
