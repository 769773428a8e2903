// The input guard inspects parsed values only: a binary body (an uploaded file, which the xlsx
// content-type parser gives as a Buffer) is passed over, not walked byte by byte (Object.keys over
// a 20 MB Buffer blocked the event loop for 12 s).
import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../src/server/platform/http/envelope.ts";
import { findUnsafeInput, installInputGuard } from "../../../src/server/platform/http/input-guard.ts";

const MiB = 1024 * 1024;

describe("input guard and binary bodies", () => {
  it("does not walk a Buffer, a Uint8Array, another byte view or an ArrayBuffer, alone or inside a parsed value", () => {
    const upload = Buffer.alloc(20 * MiB, 0x50);
    const keys = vi.spyOn(Object, "keys");
    try {
      const started = performance.now();
      for (const bytes of [upload, new Uint8Array(upload.buffer), new DataView(upload.buffer), new Float64Array(4), upload.buffer]) expect(findUnsafeInput(bytes)).toBeNull();
      expect(keys).not.toHaveBeenCalled();
      expect(findUnsafeInput([upload])).toBeNull();
      expect(keys).not.toHaveBeenCalled();
      expect(performance.now() - started).toBeLessThan(100);
      // The parsed values beside it are still inspected.
      expect(findUnsafeInput({ file: upload, name: "a\u0000" })).toEqual({ name: "BAD_TEXT", path: "name" });
    } finally {
      keys.mockRestore();
    }
  });

  it("lets a binary upload through the hook at once, and still refuses a bad parsed body", async () => {
    const app = Fastify({ bodyLimit: 30 * MiB });
    installInputGuard(app);
    app.addContentTypeParser("application/octet-stream", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    app.post("/upload", async (request) => ({ bytes: (request.body as Buffer).length }));
    app.setErrorHandler((err, _request, reply) => reply.code(err instanceof ApiError ? err.httpStatus : 500).send(err instanceof ApiError ? err.toEnvelope() : err));
    try {
      const body = Buffer.alloc(20 * MiB, 0x41);
      const started = performance.now();
      const r = await app.inject({ method: "POST", url: "/upload", headers: { "content-type": "application/octet-stream" }, payload: body });
      expect(r.json()).toEqual({ bytes: body.length });
      expect(performance.now() - started).toBeLessThan(2000); // 12 s when the guard walked the bytes
      const bad = await app.inject({ method: "POST", url: "/upload", payload: { name: "\u0000" } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 40010, data: { errors: [{ field: "name" }] } });
    } finally {
      await app.close();
    }
  });
});
