// The web build's hashed assets also written brotli-compressed at the highest quality (name.br beside
// name): the server sends them as they are to a browser that accepts br (@fastify/static's
// preCompressed, src/server/platform/http/web-app.ts) instead of compressing each answer on the fly
// at the quick quality @fastify/compress uses. The JavaScript of a first load is about 16 % smaller
// (docs/benchmarks.md, "Web bundle sizes"); the build pays a few seconds of a core once.
// Pages (index.html, h5.html) are not: the server writes each answer's style nonce into them.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import type { Plugin } from "vite";

const compress = promisify(brotliCompress);
/** As @fastify/compress's threshold (src/server/app.ts): smaller answers go uncompressed. */
const THRESHOLD = 1024;
const COMPRESSIBLE = /^assets\/.+\.(js|css|svg|json)$/;

/** Writes name.br beside each compressible asset of the build (names relative to dir) of at least THRESHOLD bytes. */
export async function precompressAssets(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const data = await readFile(join(dir, name));
        if (data.length < THRESHOLD) return;
        const packed = await compress(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
        await writeFile(join(dir, `${name}.br`), packed);
      }),
  );
}

export function precompress(): Plugin {
  return {
    name: "neptune-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      if (options.dir) await precompressAssets(options.dir, Object.keys(bundle));
    },
  };
}
