// The embedded database's buffer pool is a setting (PGLITE_SHARED_BUFFERS, README): PostgreSQL's own
// 128MB unless it names another size, which the database then runs with; a value that is not a size
// stops the start with a line that names the variable.
import { afterAll, describe, expect, it } from "vitest";
import { createStorage, type Storage } from "./support/server.ts";
import { openPglite, sharedBuffers } from "../../src/server/platform/db/pglite.ts";

describe("the embedded database's buffer pool (pglite)", () => {
  const storages: Storage[] = [];
  const saved = process.env.PGLITE_SHARED_BUFFERS;
  afterAll(async () => {
    if (saved === undefined) delete process.env.PGLITE_SHARED_BUFFERS;
    else process.env.PGLITE_SHARED_BUFFERS = saved;
    await Promise.all(storages.map((s) => s.dispose()));
  });

  it("reads the size the variable names, PostgreSQL's 128MB without one", () => {
    expect(sharedBuffers(undefined)).toBe("128MB");
    expect(sharedBuffers("")).toBe("128MB");
    expect(sharedBuffers("16MB")).toBe("16MB");
    expect(sharedBuffers("512kB")).toBe("512kB");
    expect(sharedBuffers("1GB")).toBe("1GB");
  });

  it.each(["lots", "16", "16mb", "-16MB", "0MB", "16 MB", "16MB; drop table users"])("refuses %j, naming the variable", (value) => {
    expect(() => sharedBuffers(value)).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it("opens the database with the pool the variable names", async () => {
    const storage = await createStorage("pglite");
    storages.push(storage);
    process.env.PGLITE_SHARED_BUFFERS = "24MB";
    const db = await openPglite(storage.dataDir);
    try {
      const { rows } = await db.query<{ shared_buffers: string }>("show shared_buffers");
      expect(rows[0].shared_buffers).toBe("24MB");
    } finally {
      await db.close();
    }
  });
});
