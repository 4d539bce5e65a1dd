// CI holds every commit since the repository got its commit-msg hook (.githooks/commit-msg) to that
// hook, by running it on each message: a commit made where the hook was not installed fails here.
// Outside a Git checkout, or in a shallow clone without that commit, there is nothing to compare.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const git = (...args) => spawnSync("git", args, { cwd: root, encoding: "utf8" });

const added = git("log", "--diff-filter=A", "--format=%H", "--", ".githooks/commit-msg");
const since = added.status === 0 ? added.stdout.trim().split("\n").at(-1) : "";
if (!since) {
  console.log("commit messages: no Git history here to check.");
  process.exit(0);
}

const listed = git("log", "-z", "--format=%h%n%B", `${since}..HEAD`);
if (listed.status !== 0) {
  console.error(listed.stderr);
  process.exit(1);
}
const folder = mkdtempSync(path.join(tmpdir(), "commit-messages-"));
const file = path.join(folder, "message");
const refused = [];
for (const entry of listed.stdout.split("\0").filter(Boolean)) {
  const [hash, ...message] = entry.split("\n");
  writeFileSync(file, message.join("\n"));
  const hook = spawnSync("sh", [path.join(root, ".githooks/commit-msg"), file], { encoding: "utf8" });
  if (hook.status !== 0) refused.push(`${hash} ${message[0]}\n  ${hook.stderr.trim()}`);
}
rmSync(folder, { recursive: true, force: true });
if (refused.length > 0) {
  console.error(`commit messages: ${refused.length} the commit-msg hook refuses:\n${refused.join("\n")}`);
  process.exit(1);
}
