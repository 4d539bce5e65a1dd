import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import base from "./vite.config.ts";
import { mergeConfig, type Plugin } from "vite";

const analyze: Plugin = {
  name: "analyze",
  applyToEnvironment: (env) => env.name === "client",
  generateBundle(_options, bundle) {
    const out: Record<string, { size: number; gz: number; modules: [string, number, number][] }> = {};
    for (const [name, chunk] of Object.entries(bundle)) {
      if (chunk.type !== "chunk") continue;
      const modules = Object.entries(chunk.modules)
        .map(([id, m]) => [id.replace(/.*node_modules\//, ""), m.renderedLength, m.code ? gzipSync(m.code).length : 0] as [string, number, number])
        .sort((a, b) => b[1] - a[1]);
      out[name] = { size: chunk.code.length, gz: gzipSync(chunk.code).length, modules };
    }
    writeFileSync("/tmp/landing-analyze.json", JSON.stringify(out, null, 1));
  },
};
export default mergeConfig(base, { plugins: [analyze] });
