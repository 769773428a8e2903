// The residents' photo bytes (src/server/residents/photo-bytes.ts): the type is sniffed from the
// bytes, and EXIF, XMP, comments, text and time chunks are dropped; malformed files are refused.
import { describe, expect, it } from "vitest";
import { cleanPhoto, sniffPhoto } from "../../../src/server/residents/photo-bytes.ts";

const seg = (marker: number, payload: string | Buffer) => {
  const data = typeof payload === "string" ? Buffer.from(payload, "latin1") : payload;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

const jpegWithExif = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xe0, "JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
    seg(0xe1, "Exif\0\0GPS 30.2741N 120.1551E Canon"),
    seg(0xe1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret</x:xmpmeta>"),
    seg(0xfe, "taken at home"),
    seg(0xdb, Buffer.alloc(65, 1)),
    seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9]),
  ]);

function pngChunk(type: string, data: Buffer | string): Buffer {
  const body = typeof data === "string" ? Buffer.from(data, "latin1") : data;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body, Buffer.alloc(4)]);
}
const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = () =>
  Buffer.concat([
    PNG_SIG,
    pngChunk("IHDR", Buffer.alloc(13, 1)),
    pngChunk("tEXt", "Author\0someone"),
    pngChunk("eXIf", "MM\0*GPS"),
    pngChunk("tIME", Buffer.alloc(7)),
    pngChunk("IDAT", Buffer.alloc(10, 2)),
    pngChunk("iTXt", "Comment\0\0\0\0\0hi"),
    pngChunk("IEND", ""),
  ]);

function riffChunk(fourcc: string, data: Buffer | string): Buffer {
  const body = typeof data === "string" ? Buffer.from(data, "latin1") : data;
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}
function webp(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length + 4, 4);
  head.write("WEBP", 8, "latin1");
  return Buffer.concat([head, body]);
}

describe("residents' photo bytes", () => {
  it("sniffs JPEG, PNG and WebP from the bytes and nothing else", () => {
    expect(sniffPhoto(jpegWithExif())).toBe("image/jpeg");
    expect(sniffPhoto(png())).toBe("image/png");
    expect(sniffPhoto(webp([riffChunk("VP8 ", Buffer.alloc(10))]))).toBe("image/webp");
    expect(sniffPhoto(Buffer.from("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(sniffPhoto(Buffer.from("GIF89a......"))).toBeNull();
    expect(sniffPhoto(Buffer.alloc(0))).toBeNull();
    expect(cleanPhoto(Buffer.from("<svg onload=alert(1)>"))).toBeNull();
  });

  it("drops a JPEG's EXIF, XMP and comment and keeps the image data", () => {
    const input = jpegWithExif();
    const out = cleanPhoto(input)!;
    expect(out.mediaType).toBe("image/jpeg");
    const text = out.bytes.toString("latin1");
    expect(text).not.toContain("Exif");
    expect(text).not.toContain("GPS");
    expect(text).not.toContain("xmpmeta");
    expect(text).not.toContain("taken at home");
    expect(text).toContain("JFIF");
    expect(out.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(out.bytes.subarray(-7)).toEqual(input.subarray(-7));
    // Cleaning twice changes nothing more.
    expect(cleanPhoto(out.bytes)!.bytes).toEqual(out.bytes);
  });

  it("keeps a JPEG's EXIF orientation alone (a portrait photo stays upright), in either byte order", () => {
    // IFD0 with the camera's make, GPS pointer and the orientation 6 (rotate 90° clockwise).
    const tiff = (order: "II" | "MM") => {
      const b = Buffer.alloc(8 + 2 + 3 * 12 + 4 + 8);
      const u16 = (v: number, at: number) => (order === "II" ? b.writeUInt16LE(v, at) : b.writeUInt16BE(v, at));
      const u32 = (v: number, at: number) => (order === "II" ? b.writeUInt32LE(v, at) : b.writeUInt32BE(v, at));
      b.write(order, 0, "latin1");
      u16(42, 2);
      u32(8, 4);
      u16(3, 8);
      [
        [0x010f, 2, 6, 50],
        [0x8825, 4, 1, 999],
        [0x0112, 3, 1, 6],
      ].forEach(([tag, type, count, value], i) => {
        const at = 10 + i * 12;
        u16(tag, at);
        u16(type, at + 2);
        u32(count, at + 4);
        if (type === 3) u16(value, at + 8);
        else u32(value, at + 8);
      });
      b.write("Canon\0", 50, "latin1");
      return b;
    };
    for (const order of ["II", "MM"] as const) {
      const input = Buffer.concat([
        Buffer.from([0xff, 0xd8]),
        seg(0xe0, "JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
        seg(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff(order)])),
        seg(0xdb, Buffer.alloc(65, 1)),
        seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
        Buffer.from([0x12, 0x34, 0xff, 0xd9]),
      ]);
      const out = cleanPhoto(input)!.bytes;
      expect(out.toString("latin1")).not.toContain("Canon");
      // SOI, APP0 (JFIF) as it was, then an APP1 of the orientation only: big-endian, one entry, 6.
      const app1 = 2 + 4 + 14;
      expect(out.subarray(app1, app1 + 4)).toEqual(Buffer.from([0xff, 0xe1, 0, 34]));
      expect(out.toString("latin1", app1 + 4, app1 + 14)).toBe("Exif\0\0MM\0*");
      expect(out.readUInt16BE(app1 + 4 + 6 + 8)).toBe(1);
      expect(out.readUInt16BE(app1 + 4 + 6 + 10)).toBe(0x0112);
      expect(out.readUInt16BE(app1 + 4 + 6 + 18)).toBe(6);
      expect(out.subarray(-4)).toEqual(input.subarray(-4));
      // Cleaning again keeps the same bytes: the orientation survives its own segment.
      expect(cleanPhoto(out)!.bytes).toEqual(out);
    }
    // Upright (1), or an orientation out of range: no segment at all.
    const upright = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      seg(0xe1, "Exif\0\0MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x01\0\0"),
      seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(cleanPhoto(upright)!.bytes.toString("latin1")).not.toContain("Exif");
  });

  it("refuses a truncated or malformed JPEG", () => {
    const input = jpegWithExif();
    expect(cleanPhoto(input.subarray(0, 30))).toBeNull();
    expect(cleanPhoto(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(cleanPhoto(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff]))).toBeNull();
    expect(cleanPhoto(Buffer.from([0xff, 0xd8, 0x00, 0x00]))).toBeNull();
  });

  it("drops a PNG's text, eXIf and tIME chunks", () => {
    const out = cleanPhoto(png())!;
    expect(out.mediaType).toBe("image/png");
    const text = out.bytes.toString("latin1");
    for (const type of ["tEXt", "eXIf", "tIME", "iTXt", "someone"]) expect(text).not.toContain(type);
    for (const type of ["IHDR", "IDAT", "IEND"]) expect(text).toContain(type);
    expect(cleanPhoto(png().subarray(0, 40))).toBeNull();
    expect(cleanPhoto(Buffer.concat([PNG_SIG, pngChunk("IDAT", "x"), pngChunk("IEND", "")]))).toBeNull();
  });

  it("drops a WebP's EXIF and XMP chunks and their VP8X flags", () => {
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x08 | 0x04 | 0x10;
    const input = webp([riffChunk("VP8X", vp8x), riffChunk("VP8 ", Buffer.alloc(11, 3)), riffChunk("EXIF", "MM\0*GPS here"), riffChunk("XMP ", "<x:xmpmeta/>")]);
    const out = cleanPhoto(input)!;
    expect(out.mediaType).toBe("image/webp");
    const text = out.bytes.toString("latin1");
    expect(text).not.toContain("EXIF");
    expect(text).not.toContain("GPS");
    expect(text).not.toContain("xmpmeta");
    expect(out.bytes.readUInt32LE(4)).toBe(out.bytes.length - 8);
    expect(out.bytes[20] & 0x0c).toBe(0);
    expect(out.bytes[20] & 0x10).toBe(0x10);
    expect(cleanPhoto(Buffer.concat([input.subarray(0, 4), Buffer.from([0xff, 0xff, 0xff, 0x7f]), input.subarray(8)]))).toBeNull();
  });
});
