// Lint rules for the whole project: typescript-eslint with type information everywhere, React hooks
// and accessibility rules for the web apps (staff and residents'), and eslint-config-prettier last so no rule fights the
// formatter. generated/ is ignored: it is codegen output, checked by `npm run codegen -- --check` and tsc.
//
// What the lint costs (docs/benchmarks.md, "Lint"), and why each heavy part stays:
// - Type information: one program from tsconfig.json through `projectService` (not one per `project`
//   entry), holding generated/ for its types without linting it. Building it is about an eighth of
//   ESLint's CPU, and every type-aware rule needs it.
// - no-floating-promises and no-misused-promises: most of the type-aware rules' own cost. Kept: an
//   un-awaited write or a test assertion that is never awaited, and an async function handed where a
//   void callback is expected, are real faults that nothing else catches.
// - The rest of recommendedTypeChecked (no-unsafe-*, await-thenable, unbound-method, …): a few percent
//   on top of the program it shares. Kept: cheap, and the no-unsafe-* family keeps `any` out of src/.
// - react-hooks' compiler rules (static-components, refs, set-state-in-effect, purity, …): about a
//   quarter of ESLint's CPU, the React Compiler run once per file of src/web. Kept: they found real
//   faults here (refs read while rendering, state set in effects instead of while rendering).
// `npm run lint` runs src/web (with knip) and the rest (with Prettier) side by side, one per core.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The web app's import boundaries (docs/web.md). src/web/pages/ holds one folder per schema module
// (schemas/modules/<module>.yaml), plus login/ and error/; a page imports from its own folder,
// src/web/ui (shared components), src/web/lib (utilities) and the rest of the app, never from
// another folder of src/web/pages nor from the page registry (registry.ts, own-pages.ts: they import
// the pages). no-restricted-imports sees an import as written, so each folder gets one block per
// depth inside it: from src/web/pages/<folder>/a/b.tsx, "../../" is src/web/pages/.
const PAGES = "src/web/pages";
const pageFolders = readdirSync(join(import.meta.dirname, PAGES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherModule = "A page does not import another module's pages: move what both need to src/web/ui (components) or src/web/lib (utilities).";
const registry = "A page does not import the page registry, which imports the pages (PageProps: src/web/lib/page-props.ts).";
/** The rule for the files `depth` folders below src/web/pages/<folder>/. */
const pageBoundary = (folder, depth) => {
  const up = `^(\\.\\./){${depth + 1}}(\\.\\./pages/)?`; // up to src/web/pages/ (or above it and back in)
  return [
    "error",
    {
      patterns: [
        { regex: `${up}(?!${folder}/)[^./][^/]*/`, message: otherModule },
        { regex: `(^|/)web/pages/(?!${folder}/)`, message: otherModule },
        { regex: `${up}[^./][^/]*$`, message: registry },
      ],
    },
  ];
};
const DEPTHS = [0, 1, 2, 3];
const webBoundaries = [
  ...pageFolders.flatMap((folder) => DEPTHS.map((depth) => ({ files: [`${PAGES}/${folder}/${"*/".repeat(depth)}*.{ts,tsx}`], rules: { "no-restricted-imports": pageBoundary(folder, depth) } }))),
  {
    // Shared code never depends on a page: only the app's routes (App.tsx, AppRoutes.tsx) and the
    // registry reach into src/web/pages.
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: [`${PAGES}/**`, "src/web/App.tsx", "src/web/AppRoutes.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)pages/", message: "Only the routes (App.tsx, AppRoutes.tsx) import pages; shared code goes to src/web/ui or src/web/lib." }] }],
    },
  },
];

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
  // The server's kernel, src/server/platform (the http edge, sessions and scope, the database, tasks,
  // the job queue), serves every domain and knows none: a domain registers what it adds (hooks, tasks,
  // routes) instead. An import that leaves platform/ for another folder of src/server is refused, one
  // block per depth (no-restricted-imports sees the path as written). npm run check says the same
  // (scripts/check/import-cycles.ts platformImports).
  ...[0, 1, 2].map((depth) => ({
    files: [`src/server/platform/${"*/".repeat(depth)}*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}(?!platform/)[\\w-]+/`,
              message: "Platform code does not import a domain; let the domain register with the platform.",
            },
          ],
        },
      ],
    },
  })),
  ...webBoundaries,
  {
    files: ["src/web/**/*.{ts,tsx}", "src/h5/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The residents' app (src/h5) is a bundle of its own: antd-mobile, src/common and generated/, never
    // the staff app, its shell, Refine or antd.
    files: ["src/h5/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)web/", message: "The residents' app does not import the staff app." },
            { regex: "^(antd|@refinedev/.*|@ant-design/.*)$", message: "The residents' app uses antd-mobile, not antd or Refine." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}", "src/h5/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
