import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { postgresClosedSocket } from "./patches/postgres-closed-socket.ts";
import { browserBundles } from "./scripts/browser-bundles.ts";

export default defineConfig({
  plugins: [
    browserBundles(),
    postgresClosedSocket(),
    tailwindcss(),
    reactRouter(),
    // The browser's scripts and styles, compressed once here at the best ratio instead of on every
    // request; server.mjs serves the variant a browser accepts. Only hashed assets match; the server
    // build's copy of the stylesheet gets compressed copies too, which nothing reads.
    compression({ include: /^assets\/.+\.(js|css)$/, algorithms: ["brotliCompress", "gzip"], logLevel: "silent" }),
  ],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  build: {
    rollupOptions: {
      // zod ships comments Rollup cannot place; it drops them, which is harmless.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules/zod")) return;
        warn(warning);
      },
    },
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // A signed-in page preloaded some sixty scripts of a few hundred bytes each (every icon and
            // every small component its own), each one a <link> in the page and a line in React Router's
            // manifest beside it: the libraries and the shared components now come in one script each.
            manualChunks(id) {
              if (id.includes("/node_modules/")) return "vendor";
              if (id.includes("/app/components/")) return "components";
              return undefined;
            },
          },
        },
      },
    },
  },
  ssr: {
    external: ["@electric-sql/pglite"],
    // Bundled, so that patches/postgres-closed-socket.ts can mend it at build time rather than on every start.
    noExternal: ["postgres"],
  },
});
