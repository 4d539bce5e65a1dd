// `npm install` points Git at the repository's own hooks (.githooks/), so every clone checks commit
// messages the same way. Outside a Git checkout (an unpacked release) there is nothing to do.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
if (existsSync(path.join(root, ".git"))) {
  spawnSync("git", ["config", "core.hooksPath", ".githooks"], { cwd: root, stdio: "inherit" });
}
