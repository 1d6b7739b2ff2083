/**
 * ESLint (flat config): the recommended rules of ESLint and typescript-eslint,
 * the React hooks rules, the layer rule (`import-x/no-restricted-paths`),
 * import cycles (`import-x/no-cycle`), module and function sizes, and
 * `eslint-config-prettier` last so that formatting is Prettier's alone
 * (`npm run lint` runs both).
 */
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Test files, which may fake framework internals (see the internals rule below). */
const TEST_FILES = ["tests/**", "**/*.test.ts", "**/*.test.tsx"];
/** Where a framework internal goes instead (the internals rule below). */
const DOOR = "use it through app/lib/framework-internals.ts or scripts/framework-internals.ts (ADR 0078)";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", "data/**", ".cache/**", "test-results/**", "public/**", "drizzle/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      // Input hygiene matches control characters (NUL, CR/LF, C0) on purpose.
      "no-control-regex": "off",
    },
  },
  {
    // The layers (docs/architecture.md, "Layers"): routes → components →
    // `.server` → lib → domain and styles. A module imports its own layer and
    // the layers below it, type-only imports included, so that a type shared
    // by two layers lives in the lower one (usually `app/domain`). Paths are
    // resolved through tsconfig, so `~/` imports and relative ones count alike.
    files: ["app/**", "server/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "app/test-support/**"],
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x reads only .js files and `no-cycle` sees no edge out of a .ts module.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones() }],
      // A cycle cannot pass through a package, and not following imports into
      // node_modules is most of what keeps the rule affordable (ADR 0074).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Command-line programs, the server's own log lines, benchmarks and test reports print to the console.
    files: ["server/**", "bench/**", "tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "off" },
  },
  {
    // Framework internals only through the two doors, app/lib/framework-internals.ts (run time)
    // and scripts/framework-internals.ts (build), where each says why and what breaks, and the
    // build checks what they expect (docs/decisions/0078-internals-behind-one-door.md). Tests
    // may fake the internals: a test that breaks on an upgrade fails loudly.
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    // This file names what it forbids.
    ignores: ["app/lib/framework-internals.ts", "scripts/framework-internals.ts", "eslint.config.js", ...TEST_FILES],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // The frameworks' packages only: a namespace import of any other module stays allowed.
              regex: "^(?:react|react-dom|react-router|react-router-dom|@remix-run/[^/]+|@react-router/[^/]+)(?:/.*)?$",
              importNamePattern: "^UNSAFE_",
              message: `An UNSAFE_ export is a framework internal: ${DOOR}.`,
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "Identifier[name=/^__remix/]", message: `Remix's window globals are internals: ${DOOR}.` },
        { selector: "Literal[value=/__remix/]", message: `Remix's internal names and queries: ${DOOR}.` },
      ],
    },
  },
  {
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      // Playwright fixtures receive a function named `use`, which is not React's.
      "react-hooks/rules-of-hooks": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-this-alias": "off",
    },
  },
  {
    // Rooms of a readable size (ADR 0023): any module ≤ 400 lines, a route module ≤ 300, a function ≤ 150.
    files: ["**/*.{js,mjs,ts,tsx}"],
    ignores: TEST_FILES,
    rules: {
      "max-lines": ["error", { max: 400 }],
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ["app/routes/**"],
    ignores: TEST_FILES,
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  prettier,
);

/**
 * The zones of `import-x/no-restricted-paths`: for each layer, the folders it
 * must not import from.
 */
function layerZones() {
  const pages = ["./app/routes", "./app/layouts", "./app/root.tsx", "./app/entry.client.tsx", "./app/entry.server.tsx"];
  const zone = (target, from, why) => ({ target, from, message: `${why} (docs/architecture.md, "Layers").` });
  return [
    zone("./app/components", [...pages, "./app/.server"], "Components import components, lib, domain and styles only"),
    zone("./app/.server", [...pages, "./app/components"], "Server modules import .server, lib and domain only"),
    zone("./app/lib", [...pages, "./app/components", "./app/.server"], "lib imports lib, domain and styles only"),
    zone(
      "./app/domain",
      [...pages, "./app/components", "./app/.server", "./app/lib", "./app/styles"],
      "domain imports domain only",
    ),
    zone(
      "./app/styles",
      [...pages, "./app/components", "./app/.server", "./app/lib"],
      "styles import styles and domain only",
    ),
    zone(
      "./server",
      [...pages, "./app/components", "./app/styles"],
      "The Node server imports app/.server, app/lib and app/domain only",
    ),
  ];
}
