import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "screenshots/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The layers of docs/decisions/005-capability-folders.md: a request reads top to bottom
    // (route -> capability -> shared code and models -> database), never back up, and never in a circle.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./db", from: "./app", message: "The database layer knows nothing of the app." },
            {
              target: "./app/models",
              from: "./app",
              except: ["./models", "./lib"],
              message: "Models talk to the database only: no HTTP, no UI, no capability.",
            },
            {
              target: [
                "./app/components",
                "./app/lib",
                "./app/i18n",
                "./app/server",
                "./app/context.ts",
                "./app/env.server.ts",
              ],
              from: "./app",
              except: ["./components", "./lib", "./i18n", "./server", "./models", "./context.ts", "./env.server.ts"],
              message: "Shared code serves the capabilities; it never imports one (pass what it needs in).",
            },
            {
              target: "./app",
              from: "./app/routes",
              message: "Nothing imports a route module: move what is shared into its capability.",
            },
            {
              target: ["./app/*/**", "./app/!(root|entry.server).{ts,tsx}"],
              from: ["./app/root.tsx", "./app/runtime.server.ts"],
              message: "Start-up and the root sit above everything else.",
            },
          ],
        },
      ],
    },
  },
  {
    // Code that can reach the browser never imports the database layer: table definitions would ship
    // column names like password_hash to every visitor. Its vocabularies live in db/vocabulary.ts
    // and its prices in db/price-list.ts;
    // types are erased, so a type import is fine.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}", "app/routes/**", "app/runtime.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              allowTypeImports: true,
              regex: "^(#db/(?!(vocabulary|price-list)\\.ts$)|(\\.\\./)+db/)",
              message:
                "Browser-reachable code imports only #db/vocabulary.ts and #db/price-list.ts from the database layer.",
            },
          ],
        },
      ],
    },
  },
  {
    // With future.v8_passThroughRequests a data request's URL ends in `.data`: a redirect built from it
    // lands on a 404. Loaders and actions read the normalized `url` argument instead.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='request'][property.name='url']",
          message: "Use the handler's `url` argument: request.url ends in .data on a data request.",
        },
      ],
    },
  },
  {
    // Conform builds every field name it is given into objects and arrays (`x[999999999]` made an array
    // a billion long): forms are read through the kit's parseForm, which keeps only the schema's fields.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/parse-form.ts", "app/server/front-door.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@conform-to/zod/v4",
              importNames: ["parseWithZod"],
              message: "Read a form with parseForm (app/components/ui/parse-form.ts): it drops unknown fields.",
            },
            {
              name: "@conform-to/react",
              importNames: ["parse"],
              message: "Read a form with parseForm or echoForm (app/components/ui/parse-form.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their `use` argument, which is not React's `use`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
