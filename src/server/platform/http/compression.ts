// Answers smaller than this go uncompressed: on the fly (@fastify/compress, src/server/app.ts) and
// in the web build's brotli files (scripts/build/precompress.ts), so both agree on what is packed.
export const COMPRESS_THRESHOLD_BYTES = 1024;
