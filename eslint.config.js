// @ts-check
/**
 * ESLint flat config: typescript-eslint's type-checked rules for the whole tree, and the layer
 * rules (import-x) that keep the architecture of README's layer map.
 */
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";
import fs from "node:fs";
import path from "node:path";

/** The domains (folders of src/domains): each gets its own zone below. */
const DOMAINS = fs
  .readdirSync(path.join(import.meta.dirname, "src/domains"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench-results/**",
      "src/client/routeTree.gen.ts",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports" }],
      // Props and ports as function-typed properties: checked strictly (no method bivariance) and
      // safe to destructure (unbound-method).
      "@typescript-eslint/method-signature-style": ["error", "property"],
      // `_name` marks a parameter a signature needs, or a property taken out of a rest object.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "import-x/no-cycle": "error",
      // TanStack Router's redirect() is thrown by design (beforeLoad).
      "@typescript-eslint/only-throw-error": [
        "error",
        { allow: [{ from: "package", package: "@tanstack/router-core", name: "Redirect" }] },
      ],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Tests read the server's answers as untyped JSON on purpose (they check the wire, not the
    // types the server was written with); their assertions are the check, so the rules that
    // track `any` through values have nothing to protect there.
    files: ["tests/**", "src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // The layer map (README, "Code layout"): which folder may import which.
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/shared",
              from: ["./src/platform", "./src/domains", "./src/server", "./src/client"],
              message: "src/shared holds constants, texts and pure helpers: it imports no other layer.",
            },
            {
              target: "./src/client",
              from: "./src/server",
              except: ["./trpc/root.ts"],
              message: "The client reaches the server through tRPC only (the AppRouter type of src/server/trpc/root.ts).",
            },
            {
              target: "./src/client/**",
              from: "./src/domains/**/!(*.schema).ts",
              message: "The client imports only the domains' schemas (*.schema.ts: zod and types), never services or repositories.",
            },
            {
              target: "./src/client/components",
              from: ["./src/client/features", "./src/client/routes"],
              message:
                "src/client/components holds pieces shared by several features: it imports no feature or route (a layout composing features lives with the routes).",
            },
            {
              target: "./src/platform/**/!(*.test).ts",
              from: ["./src/domains", "./src/server", "./src/client"],
              message:
                "src/platform is infrastructure no domain owns: it imports src/shared only (providers are ports in src/platform/ports).",
            },
            {
              target: "./src/domains",
              from: ["./src/client", "./src/server"],
              message:
                "Domains import src/shared, src/platform and other domains' services and schemas; never the server (the composition root) or the client.",
            },
            // A domain reaches another domain through its service and schema only: repositories,
            // caches, workers and helpers are the owner's own (tests set up state as they need).
            ...DOMAINS.map((name) => ({
              target: `./src/domains/${name}/**/!(*.test).ts`,
              from: `./src/domains/!(${name})/**/!(*.service|*.schema).ts`,
              message: `Domains import other domains' services and schemas only (*.service.ts, *.schema.ts), never their repositories or other files.`,
            })),
            {
              target: "./migrations",
              from: "./src",
              message: "Migrations are frozen in time: they never import application code.",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.js", "**/*.mjs"], ...tseslint.configs.disableTypeChecked },
  prettier,
);
