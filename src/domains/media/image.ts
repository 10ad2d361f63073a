import type { SharpOptions } from "sharp";
import { badInput } from "../../shared/errors.ts";
import { serverTexts } from "../../shared/server-texts.ts";

/** The image kinds the spec allows (jpeg, jpg, png, svg, gif), as recognised by content. */
export type ImageKind = "jpeg" | "png" | "gif" | "svg";

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

/** How far into a file the <svg root may start (after the XML declaration, comments, a doctype). */
const SVG_PROLOG_BYTES = 64 * 1024;

/**
 * The kind of image a file holds, from its first bytes (magic numbers) and, for SVG, from parsing
 * the start of its text for an <svg> root element; never from its name or declared type.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "gif";
  return looksLikeSvg(bytes) ? "svg" : null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  let text = new TextDecoder("utf-8").decode(bytes.subarray(0, SVG_PROLOG_BYTES));
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    const rest = text.slice(i, i + 9);
    if (rest.startsWith("<?")) {
      const end = text.indexOf("?>", i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (rest.startsWith("<!--")) {
      const end = text.indexOf("-->", i + 4);
      if (end < 0) return false;
      i = end + 3;
    } else if (rest.toUpperCase().startsWith("<!DOCTYPE")) {
      const end = text.indexOf(">", i);
      // An internal subset ("[ ... ]") can declare entities: not accepted (entity expansion bombs).
      if (end < 0 || text.slice(i, end).includes("[")) return false;
      i = end + 1;
    } else {
      return /^<svg[\s>/]/.test(text.slice(i, i + 5));
    }
  }
}

/** Decoding limits: at most this many pixels in the source image (about 8000 x 6000). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an accepted image into square WebP variants (cover crop) of the given sizes:
 * oriented by its EXIF orientation, with every piece of metadata (EXIF, GPS, XMP, ICC) dropped,
 * the first frame of an animation, an SVG rasterized (so no script or link survives). A file
 * that does not decode answers 400 and nothing is written.
 */
export async function renderSquareVariants(bytes: Uint8Array, kind: ImageKind, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  // Loaded on the first upload: sharp takes a quarter of a second to load, which start-up need not pay.
  const { default: sharp } = await import("sharp");
  const largest = Math.max(...sizes);
  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false };
  try {
    if (kind === "svg") {
      // Rasterize at a density that makes the shorter side at least `largest` pixels (not blurry).
      const meta = await sharp(bytes, options).metadata();
      const shorter = Math.min(meta.width || largest, meta.height || largest);
      options.density = Math.min(72 * 20, Math.max(72, Math.ceil((72 * largest) / shorter)));
    }
    const source = sharp(bytes, options).rotate();
    const out = new Map<number, Buffer>();
    for (const size of sizes) {
      const variant = await source
        .clone()
        .resize(size, size, { fit: "cover", position: "centre" })
        .webp({ quality: 82, effort: 4 })
        .toBuffer();
      out.set(size, variant);
    }
    return out;
  } catch (error) {
    // The input is the only unknown here: whatever sharp cannot decode (damaged, too many pixels) is bad input.
    const refused = badInput(serverTexts.uploadFileUnreadable);
    refused.cause = error;
    throw refused;
  }
}
