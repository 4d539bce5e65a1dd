import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { browserBundles } from "./scripts/browser-bundles.ts";

export default defineConfig({
  plugins: [browserBundles(), tailwindcss(), reactRouter()],
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
  ssr: {
    external: ["@electric-sql/pglite", "postgres"],
  },
});
