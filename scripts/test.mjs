// `npm test`: typecheck, lint, the Prettier format check, Vitest's unit project (no build needed), the
// production build, Vitest's integration project (databases and HTTP against the build), Playwright
// (end-to-end in Debian's Chromium against the build), then one closing line with the totals.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
// Debian's headless shell: the Chromium engine without the browser's own interface, which Playwright
// itself uses for headless runs; on 2 cores the end-to-end tests take about a third less time than in
// the full browser.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

const bin = (name) => path.join(root, "node_modules/.bin", name);

function ensureChromium() {
  if (existsSync(chromium)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell and fonts-noto-core…");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    if (
      run("apt-get update", "apt-get", ["update", "-qq"], env) &&
      run("install chromium", "apt-get", ["install", "-y", "-qq", "chromium-headless-shell", "fonts-noto-core"], env)
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

function vitestProject(name) {
  const report = path.join(reports, `vitest-${name}.json`);
  const projectOk = run(`vitest (${name})`, bin("vitest"), [
    "run",
    "--project",
    name,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  const vitest = readJson(report);
  passed += vitest?.numPassedTests ?? 0;
  failed += vitest?.numFailedTests ?? (projectOk ? 0 : 1);
  return projectOk;
}

let ok = run("typecheck", bin("react-router"), ["typegen"]) && run("typecheck", bin("tsc"), []);
ok = run("lint", bin("eslint"), [".", "--max-warnings", "0"]) && ok;
ok = run("format", bin("prettier"), ["--check", ".", "--log-level", "warn"]) && ok;
ok = vitestProject("unit") && ok;
ok = ok && run("build", bin("react-router"), ["build"]);

if (ok) {
  ok = vitestProject("integration") && ok;

  if (ensureChromium()) {
    const e2eReport = path.join(reports, "playwright.json");
    const e2eOk = run("playwright (end-to-end)", bin("playwright"), ["test"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      CHROMIUM_PATH: chromium,
    });
    const e2e = readJson(e2eReport);
    passed += (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
    failed += e2e?.stats?.unexpected ?? (e2eOk ? 0 : 1);
    ok = e2eOk && ok;
  } else {
    failed += 1;
    ok = false;
  }
} else if (failed === 0) {
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
