import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { browserBundles } from "./scripts/browser-bundles.ts";

export default defineConfig({
  plugins: [browserBundles()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/hostile/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/silent-logs.ts"],
    globalSetup: ["tests/support/http-server.global.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { LOG_LEVEL: "silent" },
  },
});
