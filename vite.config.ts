// The web app's build: served under /neptune/ (spec §2), output in dist/web (the server serves it),
// and in development the API prefixes of spec §7 proxied to the local server.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { proxyPrefixes } from "./src/web/http/hosts.ts";

const apiTarget = process.env.NEPTUNE_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  base: "/neptune/",
  plugins: [react()],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // The bundle-size benchmark (scripts/bench/bundle-size.ts) reads the chunk graph from it.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Packages that do nothing on import but do not say so (no "sideEffects": false), pulled in
        // by Refine for features the app does not use (CSV import/export, devtools stack traces):
        // dropped unless something the app runs uses them.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](papaparse|error-stack-parser|stackframe)[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxyPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
