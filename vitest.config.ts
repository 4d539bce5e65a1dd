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
    // The integration files mostly wait on servers and databases (each test its own database): on a
    // 2-core machine Vitest's default of one worker per spare core ran them one at a time (8.8 min);
    // three at once took 4.6 min.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    env: { LOG_LEVEL: "silent" },
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/hostile/**/*.test.ts"],
          globalSetup: ["tests/support/http-server.global.ts"],
        },
      },
    ],
  },
});
