// `npm start`: builds when the sources are newer than the build, then runs the server
// in production mode on the embedded database unless DATABASE_URL says otherwise.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, "build/server/index.js");
// The widget's and the launcher's own bundles are built by scripts/browser-bundles.ts during the same build.
const sources = [
  "app",
  "db",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/browser-bundles.ts",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

const stale = !existsSync(buildEntry) || Math.max(...sources.map(newestChange)) > statSync(buildEntry).mtimeMs;
if (stale) {
  console.log("Building Alex (the sources changed since the last build)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.mjs"));
