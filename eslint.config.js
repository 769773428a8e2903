// Lint rules for the whole project: typescript-eslint with type information everywhere, React hooks
// and accessibility rules for the web app, and eslint-config-prettier last so no rule fights the
// formatter. generated/ is ignored: it is codegen output, checked by `npm run codegen -- --check` and tsc.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["generated/**", "dist/**", "data/**", "public/**", "docs/**", ".tmp/**", "test-results/**", "node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed parameters and destructured leftovers are deliberate (handler signatures, omit-by-rest).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // An inline disable must say why, on that line.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-expect-error": "allow-with-description" }],
      // Promise-returning callbacks handed to JSX event props and Fastify hooks are fine; the check
      // on void-returning arguments stays for everything else.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // Fastify plugins, hooks and handlers and Refine providers are async by contract; an async
      // function without an await is correct there (87 findings, none a bug).
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests read response bodies (`res.json()` is `any`) and check their shape with assertions, and the
    // scripts walk parsed YAML that scripts/check validates: the no-unsafe-* family flags nearly every
    // line there (about 1,300 findings) without finding anything. It stays on for src/.
    // `expect(obj.method)` is how vitest names a spied method, not a lost `this`.
    files: ["tests/**", "scripts/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    // The server's platform (sessions, the generic CRUD, the database, HTTP, tasks, Excel) serves
    // every domain and knows none: a domain registers what it adds (hooks, tasks, routes) instead.
    files: ["src/server/{auth,crud,db,http,tasks,excel}/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/community/*", "**/system/*", "**/workbench/*", "**/devices/*", "**/smarthome/*", "**/payment/*"],
              message: "Platform code does not import a domain; let the domain register with the platform.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
