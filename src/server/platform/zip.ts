// Zip files with node:zlib alone (APPNOTE.TXT: the end record, the central directory, each entry's
// local header): read for uploaded .xlsx files and gateways' statements, written for the sandbox's
// statements. Entries stored (method 0) or deflated (method 8); no zip64, no encryption, no
// multi-disk: none of those files needs them, and a file that uses them is refused as unreadable.
import { createInflateRaw, crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/** Why a zip is refused: it cannot be read, or it inflates past the limit it is read within. */
export class ZipError extends Error {
  constructor(
    readonly reason: "unreadable" | "too large",
    message: string,
  ) {
    super(message);
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** The uncompressed size the central directory declares (a first, cheap check only). */
  declared: number;
  /** The compressed bytes (a view of the zip). */
  data: Buffer;
}

/**
 * How names without the UTF-8 flag (bit 11) are decoded: GBK as Alipay writes them; an xlsx's part
 * names are ASCII, read as UTF-8.
 */
type NameDecoding = "gbk" | "utf-8";

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_RECORD = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
const UTF8_FLAG = 0x0800;
const ENCRYPTED_FLAG = 0x0001;

const unreadable = (why: string) => new ZipError("unreadable", why);

const nameOf = (bytes: Buffer, decoding: NameDecoding): string => (decoding === "gbk" ? new TextDecoder("gbk").decode(bytes) : bytes.toString("utf8"));

/** The offset of the end-of-central-directory record (it may be followed by a comment of up to 64 KiB), or -1. */
function endRecord(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) if (zip.readUInt32LE(i) === END_RECORD) return i;
  return -1;
}

/** An entry's compressed bytes: after its local header, as many as the central directory says; null when they are not in the file. */
function localData(zip: Buffer, offset: number, size: number): Buffer | null {
  if (offset + 30 > zip.length || zip.readUInt32LE(offset) !== LOCAL_HEADER) return null;
  const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
  return start + size <= zip.length ? zip.subarray(start, start + size) : null;
}

/** The entries of the central directory, nothing inflated; a ZipError "unreadable" when the file is no zip this reads (encrypted, another compression, inconsistent). */
export function zipEntries(zip: Buffer, names: NameDecoding = "gbk"): ZipEntry[] {
  if (zip.length < 22 || zip.readUInt32LE(0) !== LOCAL_HEADER) throw unreadable("not a zip file");
  const end = endRecord(zip);
  if (end < 0) throw unreadable("not a zip file");
  const entries: ZipEntry[] = [];
  let p = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    if (p + 46 > end || zip.readUInt32LE(p) !== CENTRAL_HEADER) throw unreadable("broken zip directory");
    const [flags, method, nameEnd] = [zip.readUInt16LE(p + 8), zip.readUInt16LE(p + 10), p + 46 + zip.readUInt16LE(p + 28)];
    const data = localData(zip, zip.readUInt32LE(p + 42), zip.readUInt32LE(p + 20));
    if (!data || nameEnd > end) throw unreadable("broken zip entry");
    if (flags & ENCRYPTED_FLAG) throw unreadable("encrypted zip entry");
    if (method !== STORED && method !== DEFLATED) throw unreadable(`zip method ${method} not supported`);
    const name = nameOf(zip.subarray(p + 46, nameEnd), flags & UTF8_FLAG ? "utf-8" : names);
    entries.push({ name, method, declared: zip.readUInt32LE(p + 24), data });
    p = nameEnd + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return entries;
}

/** The entries of a small zip (a statement), inflated at once; a ZipError "unreadable" when it is none. */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  return zipEntries(zip).map((e) => {
    try {
      return { name: e.name, data: e.method === DEFLATED ? inflateRawSync(e.data) : Buffer.from(e.data) };
    } catch {
      throw unreadable("broken zip data");
    }
  });
}

/**
 * The bytes entries may inflate to between them (a 1 MB zip can hold 1 GB): their declared sizes are
 * checked first, then each chunk as it inflates, since a zip can understate them. Past it, a ZipError
 * "too large".
 */
export class InflateLimit {
  private left: number;

  constructor(maxBytes: number, entries: ZipEntry[]) {
    if (entries.reduce((n, e) => n + e.declared, 0) > maxBytes) throw new ZipError("too large", "declared sizes past the limit");
    this.left = maxBytes;
  }

  spend(bytes: number): void {
    this.left -= bytes;
    if (this.left < 0) throw new ZipError("too large", "inflated past the limit");
  }
}

async function* rawChunks(entry: ZipEntry, chunkSize: number): AsyncGenerator<Buffer> {
  if (entry.method === STORED) {
    for (let at = 0; at < entry.data.length; at += chunkSize) yield entry.data.subarray(at, at + chunkSize);
    return;
  }
  const inflate = createInflateRaw({ chunkSize });
  inflate.end(entry.data);
  yield* inflate as AsyncIterable<Buffer>; // leaving early destroys the stream: nothing more is inflated
}

/** An entry's bytes as they inflate (zlib works off the main thread), in chunks of at most `chunkSize`, each counted against `limit` before it is given. */
export async function* inflateChunks(entry: ZipEntry, chunkSize: number, limit?: InflateLimit): AsyncGenerator<Buffer> {
  for await (const chunk of rawChunks(entry, chunkSize)) {
    limit?.spend(chunk.length);
    yield chunk;
  }
}

/** A zip of the given files, deflated, names in UTF-8 (flag bit 11). */
export function writeZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, "utf8");
    const packed = deflateRawSync(file.data);
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(DEFLATED, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_FLAG, 8);
    central.writeUInt16LE(DEFLATED, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_RECORD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
