// A Vite plugin for the code that runs outside React Router's client: the chat widget and the
// WordPress launcher. `import code from "./entry.ts?bundle"` gives the entry bundled, minified and
// wrapped in an IIFE as a string (a `.css` entry gives minified CSS), built by esbuild during
// `react-router build`, so `npm run build` and `npm start`'s rebuild make it with everything else.
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

const SUFFIX = "?bundle";
const PREFIX = "\0bundle:";
// The module's id must not end in .css, or Vite's own CSS handling takes it over.
const ID_END = ".bundle.js";

/** The browsers the widget supports: anything from 2021 on (fetch streams, logical CSS properties). */
export const BROWSER_TARGETS = ["chrome90", "firefox90", "safari15", "edge90"];

export async function bundleForBrowser(entry: string): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: entry.endsWith(".css") ? undefined : "iife",
    target: BROWSER_TARGETS,
    legalComments: "none",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const output = result.outputFiles.find((file) => !file.path.endsWith(".map"));
  if (!output) throw new Error(`esbuild produced nothing for ${entry}`);
  return { code: output.text.trim(), inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(input)) };
}

export function browserBundles(): Plugin {
  return {
    name: "alex-browser-bundles",
    enforce: "pre",
    resolveId(source, importer) {
      if (!source.endsWith(SUFFIX) || !importer) return null;
      return PREFIX + path.resolve(path.dirname(importer), source.slice(0, -SUFFIX.length)) + ID_END;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { code, inputs } = await bundleForBrowser(id.slice(PREFIX.length, -ID_END.length));
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
