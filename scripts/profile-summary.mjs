// `node scripts/profile-summary.mjs <file.cpuprofile> [rows]`: a CPU profile (node --cpu-prof, or the
// benches' BENCH_PROFILE_DIR) as text: the functions where the time itself went (self), and the
// frames under which it went (inclusive), each as a share of the busy time (idle left out).
// docs/request-cost.md reads its output; a flame graph of the same file: Chrome DevTools' Performance tab.
import { readFileSync } from "node:fs";

const [file, rowsArgument] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/profile-summary.mjs <file.cpuprofile> [rows]");
  process.exit(1);
}
const rows = Number(rowsArgument) || 30;
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const sampled = new Map();
profile.samples.forEach((id, index) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

const name = ({ callFrame }) => {
  const where = callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(build|app|server\.mjs)/, "$1");
  return `${callFrame.functionName || "(anonymous)"} ${where}${where ? `:${callFrame.lineNumber + 1}` : ""}`;
};
const self = new Map();
const inclusive = new Map();
let busy = 0;
for (const [id, micros] of sampled) {
  const node = nodes.get(id);
  if (node.callFrame.functionName === "(idle)") continue;
  busy += micros;
  self.set(name(node), (self.get(name(node)) ?? 0) + micros);
  const counted = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const frame = name(nodes.get(at));
    if (counted.has(frame) || frame.startsWith("(root)")) continue;
    counted.add(frame);
    inclusive.set(frame, (inclusive.get(frame) ?? 0) + micros);
  }
}
const print = (title, table) => {
  console.log(`\n${title}`);
  for (const [frame, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${frame}`);
};
console.log(`busy ${(busy / 1e6).toFixed(2)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(2)} s`);
print("self (where the time went)", self);
print("inclusive (under which frame)", inclusive);
