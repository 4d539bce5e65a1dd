import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { browserBundles } from "./scripts/browser-bundles.ts";

/**
 * Two projects: `unit` (next to the code, no build, no server: seconds) and `integration` (databases,
 * the production build served over HTTP, the hostile-input suite). `npm run test:unit` runs the first.
 */
export default defineConfig({
  plugins: [browserBundles()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    setupFiles: [
      "tests/support/fail-on-console-error.ts",
      "tests/support/silent-logs.ts",
      "tests/support/loopback-only.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker runs its files one after another in one process instead of a fresh process a file: on a
    // 2-core machine that is a fifth of the integration run and three quarters of the unit run
    // (docs/decisions/030-test-suite-on-two-cores.md). A file leaves nothing behind it: it closes what
    // it opens and restores what it changes (logging, spies, timers).
    isolate: false,
    // Tests open embedded databases in the worker itself: tests/support/server.ts says why this flag.
    execArgv: ["--liftoff-only"],
    env: { LOG_LEVEL: "silent" },
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/hostile/**/*.test.ts"],
          globalSetup: ["tests/support/http-server.global.ts"],
          // These files mostly wait on servers and databases: on 2 cores, one file at a time took 7.4 min.
          // Each worker has a server of its own (tests/support/http-server.global.ts), so files never race.
          maxWorkers: Math.max(4, availableParallelism()),
        },
      },
    ],
  },
});
