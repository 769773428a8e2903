// File-upload checks and the image-compression plan of spec §5, as pure functions over
// generated/rules.ts (limits, forbidden characters, messages) and generated/constants.ts.
import { uploadRules } from "../../generated/rules.ts";
import { constants } from "../../generated/constants.ts";

export interface UploadFile {
  name: string;
  /** bytes */
  size: number;
}

export interface UploadOptions {
  /** default 2 (spec §9) */
  maxSize?: number;
  /** unit of maxSize, default MB */
  unit?: "MB" | "KB";
  /** allowed extensions, compared in lower case; an empty list allows any */
  extensions?: string[];
}

/** Separator of the formats in 仅支持{formats}格式文件: the Chinese enumeration comma. */
export const FORMAT_SEPARATOR = "、";

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (whole, k: string) => (k in values ? String(values[k]) : whole));

/** "a.b.JPG" → ["a.b", "jpg"]; a name without a dot has no extension. */
export function splitFileName(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? { base: name, extension: "" } : { base: name.slice(0, dot), extension: name.slice(dot + 1).toLowerCase() };
}

/**
 * The first problem with a file, as its exact message, or null when it may be uploaded.
 * Checked in the spec's order: size, then the name without its extension, then the extension.
 */
export function checkUpload(file: UploadFile, options: UploadOptions = {}): string | null {
  const maxSize = options.maxSize ?? uploadRules.maxSize;
  const unit = options.unit ?? uploadRules.unit;
  const limit = maxSize * (unit === "KB" ? 1024 : 1024 * 1024);
  if (file.size > limit) {
    return fill(unit === "KB" ? uploadRules.messages.tooLargeKb : uploadRules.messages.tooLarge, { n: maxSize });
  }
  const { base, extension } = splitFileName(file.name);
  if (uploadRules.forbiddenNameChars.some((c) => base.includes(c))) return uploadRules.messages.badName;
  const allowed = (options.extensions ?? uploadRules.extensions).map((e) => e.toLowerCase());
  if (allowed.length && !allowed.includes(extension)) {
    return fill(uploadRules.messages.badExtension, { formats: allowed.join(FORMAT_SEPARATOR) });
  }
  return null;
}

// ---- Image compression (spec §5) ----

const KB = 1024;

export interface CompressionStep {
  /** 0 for the first redraw at the full width, then 1..5 for each shrink */
  step: number;
  /** canvas width in px */
  width: number;
  /** JPEG quality */
  quality: number;
}

/** Images over 200 KB are compressed; smaller ones are uploaded as they are. */
export const needsCompression = (sizeBytes: number) => sizeBytes > constants.imageCompressThresholdKb * KB;

/** The first redraw: width 1500, JPEG 0.9; null when the image needs no compression. */
export function firstCompressionStep(sizeBytes: number): CompressionStep | null {
  if (!needsCompression(sizeBytes)) return null;
  return { step: 0, width: constants.imageCompressWidth, quality: constants.imageCompressQuality };
}

/**
 * After a redraw produced `resultBytes`: the next, 1.5 times narrower, redraw while the result is
 * still not under ~190 KB and fewer than 5 shrinks were made; null when done (keep the result).
 */
export function nextCompressionStep(previous: CompressionStep, resultBytes: number): CompressionStep | null {
  if (resultBytes < constants.imageCompressTargetKb * KB) return null;
  if (previous.step >= constants.imageCompressMaxTimes) return null;
  return { step: previous.step + 1, width: Math.round(previous.width / constants.imageCompressFactor), quality: previous.quality };
}

/**
 * How many shrinks an image of `sizeBytes` is expected to need before it is under ~190 KB, taking
 * each shrink to divide the size by 1.5 (the spec's factor): 0 when it needs no compression, at most 5.
 */
export function plannedShrinkSteps(sizeBytes: number): number {
  if (!needsCompression(sizeBytes)) return 0;
  const target = constants.imageCompressTargetKb * KB;
  let size = sizeBytes;
  let steps = 0;
  while (size >= target && steps < constants.imageCompressMaxTimes) {
    size /= constants.imageCompressFactor;
    steps++;
  }
  return steps;
}
