// The web build's hashed assets also written brotli-compressed at the highest quality (name.br beside
// name): the server sends them as they are to a browser that accepts br (@fastify/static's
// preCompressed, src/server/platform/http/web-app.ts) instead of compressing each answer on the fly
// at the quick quality @fastify/compress uses. The JavaScript of a first load is about 16 % smaller
// (docs/benchmarks.md, "Workbench: Lighthouse mobile"); the build pays a few seconds of a core once.
// Pages (index.html, h5.html) are not: the server writes each answer's style nonce into them.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import type { Plugin } from "vite";
import { COMPRESS_THRESHOLD_BYTES } from "../../src/server/platform/http/compression.ts";

const compress = promisify(brotliCompress);
const COMPRESSIBLE = /^assets\/.+\.(js|css|svg|json)$/;

/** Writes name.br into dir beside each compressible asset of the build (name relative to dir, with its contents) of at least the threshold. */
export async function precompressAssets(dir: string, files: Iterable<[name: string, contents: string | Uint8Array]>): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const [name, contents] of files) {
    const data = typeof contents === "string" ? Buffer.from(contents) : contents;
    if (!COMPRESSIBLE.test(name) || data.length < COMPRESS_THRESHOLD_BYTES) continue;
    jobs.push(
      compress(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).then((packed) =>
        writeFile(join(dir, `${name}.br`), packed),
      ),
    );
  }
  await Promise.all(jobs);
}

export function precompress(): Plugin {
  return {
    name: "neptune-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      // The files as the bundle holds them: nothing read back from the disk it has just written.
      const files = Object.entries(bundle).map(([name, file]): [string, string | Uint8Array] => [name, file.type === "chunk" ? file.code : file.source]);
      if (options.dir) await precompressAssets(options.dir, files);
    },
  };
}
