// The zip reader and writer (src/server/platform/zip.ts): entries stored or deflated read back, names
// UTF-8 when flagged and else as the caller decodes them, what is no zip refused as unreadable, and
// the bytes entries may inflate to between them, by their declared sizes and as they inflate.
import { crc32 } from "node:zlib";
import { describe, expect, test } from "vitest";
import { InflateLimit, inflateChunks, readZip, writeZip, zipEntries, ZipError, type ZipEntry } from "../../../src/server/platform/zip.ts";

/** A zip of one stored entry, its name unflagged (as many tools write it). */
function storedZip(name: Buffer, data: Buffer): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const reasonOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof ZipError ? err.reason : err;
  }
  return "read";
};

const inflated = async (entry: ZipEntry, limit?: InflateLimit) => {
  const chunks: Buffer[] = [];
  for await (const chunk of inflateChunks(entry, 1024, limit)) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe("zip files", () => {
  test("deflated entries written are read back, names and bytes alike", () => {
    const files = [
      { name: "2088_20261128_业务明细.csv", data: Buffer.from("a,b\n1,2\n") },
      { name: "2088_20261128_业务明细(汇总).csv", data: Buffer.alloc(5000, 7) },
    ];
    const zip = writeZip(files);
    expect(readZip(zip)).toEqual(files);
    expect(zipEntries(zip).map((e) => [e.method, e.declared])).toEqual([
      [8, 8],
      [8, 5000],
    ]);
  });

  test("a stored entry is read as it is; an unflagged name is GBK unless the caller says UTF-8", async () => {
    const data = Buffer.from("<workbook/>");
    const gbkName = storedZip(Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x2e, 0x63, 0x73, 0x76]), data);
    expect(readZip(gbkName)).toEqual([{ name: "中文.csv", data }]);
    const [entry] = zipEntries(storedZip(Buffer.from("xl/workbook.xml"), data), "utf-8");
    expect([entry.name, entry.method, entry.declared]).toEqual(["xl/workbook.xml", 0, data.length]);
    expect(await inflated(entry)).toEqual(data);
  });

  test("what is no zip, or one this does not read, is unreadable", () => {
    const zip = storedZip(Buffer.from("a.txt"), Buffer.from("abc"));
    expect(reasonOf(() => zipEntries(Buffer.from("not a zip, not even close")))).toBe("unreadable");
    expect(reasonOf(() => zipEntries(zip.subarray(0, zip.length - 10)))).toBe("unreadable");
    const encrypted = Buffer.from(zip);
    encrypted.writeUInt16LE(1, 30 + 5 + 3 + 8); // the central header's flags
    expect(reasonOf(() => zipEntries(encrypted))).toBe("unreadable");
    expect(reasonOf(() => zipEntries(zip))).toBe("read");
  });

  test("entries inflate within a limit shared between them: by their declared sizes first, then by the bytes they give", async () => {
    const entries = zipEntries(
      writeZip([
        { name: "a", data: Buffer.alloc(3000, 1) },
        { name: "b", data: Buffer.alloc(3000, 2) },
      ]),
    );
    expect(reasonOf(() => new InflateLimit(5999, entries))).toBe("too large");
    const limit = new InflateLimit(6000, entries);
    expect(await inflated(entries[0], limit)).toEqual(Buffer.alloc(3000, 1));
    expect(await inflated(entries[1], limit)).toEqual(Buffer.alloc(3000, 2));
    // An entry that understates its size is stopped as it inflates.
    const liar = { ...entries[0], declared: 10 };
    const small = new InflateLimit(2000, [liar]);
    const err = await inflated(liar, small).catch((e: unknown) => e);
    expect(err instanceof ZipError && err.reason).toBe("too large");
  });
});
