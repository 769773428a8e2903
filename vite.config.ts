// The web app's build: served under /neptune/ (spec §2; the residents' app under /neptune/h5/), output in dist/web (the server serves it),
// and in development the API prefixes of spec §7 proxied to the local server.
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { proxyPrefixes } from "./src/web/http/hosts.ts";
import { precompress } from "./scripts/build/precompress.ts";

const apiTarget = process.env.NEPTUNE_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

// qs (Refine's query strings: its router bindings parse and build every URL) keeps its per-call
// bookkeeping in side-channel, whose error texts and engine checks bring object-inspect, get-intrinsic
// and a dozen helpers: about 10 KB gzip of the shell's first load. The same channel (get, set, has,
// delete, assert) over a WeakMap for object keys and a Map for the others, as side-channel itself
// stores them, without them; a CommonJS module, as qs requires it.
const SIDE_CHANNEL = "\0neptune-side-channel";
const sideChannel: Plugin = {
  name: "neptune-side-channel",
  enforce: "pre",
  resolveId: (id) => (id === "side-channel" ? SIDE_CHANNEL : null),
  load: (id) =>
    id === SIDE_CHANNEL
      ? `module.exports = function getSideChannel() {
  var objects = new WeakMap(), others = new Map();
  var store = function (key) { return key !== null && (typeof key === "object" || typeof key === "function") ? objects : others; };
  var channel = {
    get: function (key) { return store(key).get(key); },
    has: function (key) { return store(key).has(key); },
    set: function (key, value) { store(key).set(key, value); },
    "delete": function (key) { return store(key)["delete"](key); },
    assert: function (key) { if (!channel.has(key)) throw new TypeError("Side channel does not contain the given key"); },
  };
  return channel;
};
`
      : null,
};

const ANTD_COMMON_LEAVES = new RegExp(
  [
    String.raw`@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/](CheckCircleFilled|CloseCircleFilled|ExclamationCircleFilled|InfoCircleFilled|CloseOutlined|LoadingOutlined)\.js$`,
    String.raw`rc-util[\\/]es[\\/](KeyCode|pickAttrs|Dom[\\/]isVisible|Dom[\\/]addEventListener|omit)\.js$`,
    String.raw`antd[\\/]es[\\/](_util[\\/](warning|extendsObject|motion|reactNode)|config-provider[\\/]DisabledContext)\.js$`,
  ].join("|"),
);

// The chart module (src/web/ui/charts: workbench cards, boards, statistics pages, the payment
// report) as one chunk rather than one per file: 0.5 KB less on the shell + workbench first
// load. Only its own files: what they import (antd) stays in the chunks it was in.
// A few small leaf modules of antd the shell and the pages share (the static message's icons,
// key codes, attribute and visibility helpers) as one chunk. The startup chunk held them (with
// antd's ConfigProvider) until the login page went without antd; split by importer they were a
// dozen chunks of under 1 KB, 3.6 KB more on the shell + workbench first load. Leaves only:
// they import nothing of antd back, so the chunk makes no import cycle.
const GROUPS = [
  { name: "charts", test: /[\\/]src[\\/]web[\\/]ui[\\/]charts[\\/]/ },
  { name: "antd-common", test: ANTD_COMMON_LEAVES },
];

export default defineConfig({
  base: "/neptune/",
  plugins: [react(), sideChannel, precompress()],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // The bundle-size benchmark (scripts/bench/bundle-size.ts) reads the chunk graph from it.
    manifest: true,
    rolldownOptions: {
      // Two apps, two entries: the staff app (index.html) and the residents' app (h5.html, served at /neptune/h5/).
      input: { index: "index.html", h5: "h5.html" },
      treeshake: {
        // Packages that do nothing on import but do not say so (no "sideEffects": false), pulled in
        // by Refine for features the app does not use (CSV import/export, devtools stack traces):
        // dropped unless something the app runs uses them.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](papaparse|error-stack-parser|stackframe)[\\/]/, sideEffects: false }],
      },
      output: {
        // A page (a lazily loaded module) or one of the groups above keeps its name; a chunk of shared
        // modules, named after whichever of them the bundler picked (EllipsisOutlined for antd's icon
        // base), is its hash alone. Every import of it in every chunk is that much shorter: 3.7 KB
        // less on the shell + workbench first load.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry || GROUPS.some((g) => g.name === chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js"),
        codeSplitting: { includeDependenciesRecursively: false, groups: GROUPS },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxyPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
