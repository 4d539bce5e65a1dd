/** `import code from "./entry.ts?bundle"`: the entry bundled and minified for the browser (scripts/browser-bundles.ts). */
declare module "*?bundle" {
  const code: string;
  export default code;
}
