/**
 * ESLint (flat config): the recommended rules of ESLint and typescript-eslint,
 * the React hooks rules, and `eslint-config-prettier` last so that formatting
 * is Prettier's alone (`npm run lint` runs both).
 */
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Command-line programs, the server's own log lines, benchmarks and test reports print to the console.
    files: ["server/**", "bench/**", "tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "off" },
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
  prettier,
);
