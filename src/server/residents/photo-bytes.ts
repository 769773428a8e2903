// A resident's photo as bytes (docs/residents.md "Repairs from the app"): its type is read from the
// bytes themselves (JPEG, PNG or WebP; the declared content type and the file name are not trusted),
// and what a phone writes beside the picture is dropped before it is kept: where and when it was
// taken, the device, comments. Pure: no I/O.
//   - JPEG: the APP1 (EXIF, XMP), APP13 (IPTC) and comment segments before the image data. Only the
//     EXIF orientation is kept (a new EXIF segment holding that one tag): a phone stores a portrait
//     photo sideways and says so there, and without it the photo would show on its side;
//   - PNG: the text chunks (tEXt, zTXt, iTXt), eXIf and tIME;
//   - WebP: the EXIF and XMP chunks (and their flags in VP8X).
// Anything else, or a file whose structure does not hold together, is refused (null).

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

export interface CleanPhoto {
  mediaType: PhotoType;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** JPEG segments dropped: APP1 (EXIF, XMP), APP13 (IPTC), COM. */
const JPEG_DROPPED = new Set([0xe1, 0xed, 0xfe]);
const PNG_DROPPED = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);
const WEBP_DROPPED = new Set(["EXIF", "XMP "]);

/** The photo's type from its first bytes, or null when it is none of JPEG, PNG, WebP. */
export function sniffPhoto(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/** The photo without its metadata, or null when it is not a well-formed JPEG, PNG or WebP. */
export function cleanPhoto(bytes: Buffer): CleanPhoto | null {
  const mediaType = sniffPhoto(bytes);
  const cleaned = mediaType === "image/jpeg" ? cleanJpeg(bytes) : mediaType === "image/png" ? cleanPng(bytes) : mediaType === "image/webp" ? cleanWebp(bytes) : null;
  return mediaType && cleaned ? { mediaType, bytes: cleaned } : null;
}

/** The EXIF orientation (1–8) an APP1 segment's payload states, or null (not EXIF, no such tag, malformed). */
function exifOrientation(payload: Buffer): number | null {
  if (payload.length < 14 || payload.toString("latin1", 0, 6) !== "Exif\0\0") return null;
  const tiff = payload.subarray(6);
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const u16 = (at: number) => (order === "II" ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === "II" ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    // Tag 0x0112 Orientation, type 3 (SHORT), one value.
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 2) === 3 ? u16(entry + 8) : 0;
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding an EXIF block of one tag, the orientation (big-endian TIFF, IFD0 only). */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // Bytes 20–21 pad the value; 22–25: no next IFD.
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function cleanJpeg(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  // The orientation goes right after SOI, or after a JFIF APP0 there (which must come first).
  const withOrientation = () => {
    if (!orientation || orientation === 1) return parts;
    const at = parts[1]?.[1] === 0xe0 ? 2 : 1;
    return [...parts.slice(0, at), orientationSegment(orientation), ...parts.slice(at)];
  };
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes: any number of 0xFF before a marker.
    let markerAt = at + 1;
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt++;
    if (markerAt >= bytes.length) return null;
    const marker = bytes[markerAt];
    const start = markerAt - 1;
    // Markers without a length: TEM and RST0..7; EOI ends an image without data.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(start, markerAt + 1));
      at = markerAt + 1;
      continue;
    }
    if (marker === 0xd9 || marker === 0xd8 || marker === 0x00) return null;
    if (markerAt + 3 > bytes.length) return null;
    const length = bytes.readUInt16BE(markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) return null;
    // Start of scan: the image data follows, kept as it is to the end.
    if (marker === 0xda) {
      parts.push(bytes.subarray(start));
      return Buffer.concat(withOrientation());
    }
    if (!JPEG_DROPPED.has(marker)) parts.push(bytes.subarray(start, end));
    else if (marker === 0xe1 && orientation === null) orientation = exifOrientation(bytes.subarray(markerAt + 3, end));
    at = end;
  }
  return null;
}

function cleanPng(bytes: Buffer): Buffer | null {
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    if (first && type !== "IHDR") return null;
    first = false;
    if (!PNG_DROPPED.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return Buffer.concat(parts);
  }
  return null;
}

function cleanWebp(bytes: Buffer): Buffer | null {
  const declared = bytes.readUInt32LE(4) + 8;
  if (declared > bytes.length || declared < 12) return null;
  const chunks: Buffer[] = [];
  let at = 12;
  while (at + 8 <= declared) {
    const fourcc = bytes.toString("latin1", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > declared && at + 8 + size !== declared) return null;
    const chunk = Buffer.from(bytes.subarray(at, Math.min(end, declared)));
    if (fourcc === "VP8X" && size >= 1) chunk[8] &= ~(0x08 | 0x04); // no EXIF, no XMP flag
    if (!WEBP_DROPPED.has(fourcc)) chunks.push(chunk);
    at = end;
  }
  if (chunks.length === 0) return null;
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length + 4, 4);
  header.write("WEBP", 8, "latin1");
  return Buffer.concat([header, body]);
}
