import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { badInput, forbidden, NO_SUCH_MEMBER, notFound } from "../../shared/errors.ts";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/limits.ts";
import { texts } from "../../shared/texts.ts";
import { isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { newToken } from "../../platform/crypto.ts";
import { renderSquareVariants, sniffImage } from "./image.ts";
import { PHOTO_VARIANTS, storedPhotoStem, type UploadedPhoto } from "./media.schema.ts";
import * as repo from "./media.repository.ts";

/** A file as it arrived (multipart part or FormData entry); name and type are informative only. */
export interface IncomingFile {
  size: number;
  name?: string;
  type?: string;
  bytes: () => Promise<Uint8Array>;
}

/** The file of a FormData entry, or null when the field is missing, empty or not a file. */
export function fileOfFormValue(value: unknown): IncomingFile | null {
  if (!(value instanceof Blob) || value.size === 0) return null;
  return {
    size: value.size,
    name: value instanceof File ? value.name : undefined,
    type: value.type,
    bytes: async () => new Uint8Array(await value.arrayBuffer()),
  };
}

const SIZES = [PHOTO_VARIANTS.main, PHOTO_VARIANTS.avatar] as const;
const PHOTOS_SUBDIR = "photos";

function photosDir(ctx: AppContext): string {
  return path.join(ctx.uploadsDir, PHOTOS_SUBDIR);
}

const fileNameOf = (stem: string, size: number) => `${stem}-${size}.webp`;

/**
 * Where the stored picture file `fileName` (a name the upload made, e.g. "<random>-400.webp", any
 * letter case) lives, or null for any other name: the legacy /Images/members/{file} path names
 * pictures by their file name alone.
 */
export function storedPhotoFile(ctx: AppContext, fileName: string): string | null {
  const name = fileName.toLowerCase();
  return storedPhotoStem(`/uploads/${PHOTOS_SUBDIR}/${name}`) ? path.join(photosDir(ctx), name) : null;
}

/** The files on disk of a stored picture path (every variant), for a member's export and purge; none for other paths. */
export function pictureFilesOf(ctx: AppContext, picturePath: string | null): string[] {
  const stem = storedPhotoStem(picturePath);
  return stem ? SIZES.map((size) => path.join(photosDir(ctx), fileNameOf(stem, size))) : [];
}

/** Removes a stored picture's files (a member's purge); a file already gone is fine. */
export async function removePictureFiles(ctx: AppContext, picturePath: string | null): Promise<void> {
  const stem = storedPhotoStem(picturePath);
  if (stem) await removeVariants(ctx, photosDir(ctx), stem);
}

async function removeVariants(ctx: AppContext, dir: string, stem: string) {
  for (const size of SIZES) {
    try {
      await unlink(path.join(dir, fileNameOf(stem, size)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        ctx.log.warn("could not remove a picture file", { file: fileNameOf(stem, size), error: String(error) });
      }
    }
  }
}

/**
 * The picture in `file`, checked by its content (JPEG, PNG, GIF or SVG, at most 3,000,000 bytes)
 * and re-encoded into square WebP variants of these sizes. Refused: a 400 with the spec's message.
 */
async function checkedVariants(ctx: AppContext, file: IncomingFile | null, sizes: readonly number[], about: Record<string, unknown>) {
  if (!file || file.size === 0) throw badInput(texts.uploadFileRequired);
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) throw badInput(texts.uploadFileTooBig);
  const bytes = await file.bytes();
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw badInput(texts.uploadFileTooBig);
  const kind = sniffImage(bytes);
  if (!kind) throw badInput(texts.uploadFileTypes);
  try {
    return await renderSquareVariants(bytes, kind, sizes);
  } catch (error) {
    ctx.log.info("picture refused: it does not decode", { ...about, kind, error: String((error as Error).cause ?? error) });
    throw error;
  }
}

const NEWS_SUBDIR = "news";

/**
 * A news item's picture (admins: the admin domain checks the role): checked and re-encoded as a
 * profile photo is, stored under a random name; its site path, for the item's picture field.
 */
export async function uploadNewsImage(ctx: AppContext, actor: Actor, file: IncomingFile | null): Promise<{ imageUrl: string }> {
  const size = PHOTO_VARIANTS.main;
  const variants = await checkedVariants(ctx, file, [size], { memberId: actor.memberId, for: "news" });
  const dir = path.join(ctx.uploadsDir, NEWS_SUBDIR);
  await mkdir(dir, { recursive: true });
  const name = fileNameOf(newToken(), size);
  await writeFile(path.join(dir, name), variants.get(size)!, { flag: "wx", mode: 0o644 });
  return { imageUrl: `/uploads/${NEWS_SUBDIR}/${name}` };
}

/**
 * Replaces the actor's profile photo. `memberId` (the id a legacy URL names) must be the actor's
 * own. The file is checked by its content (JPEG, PNG, GIF or SVG, at most 3,000,000 bytes),
 * re-encoded into WebP variants under random names and only then recorded; the previous files
 * are removed. Any refusal writes nothing.
 */
export async function uploadProfilePhoto(
  ctx: AppContext,
  actor: Actor,
  input: { memberId?: number; file: IncomingFile | null },
): Promise<UploadedPhoto> {
  if (input.memberId !== undefined && input.memberId !== actor.memberId) {
    throw forbidden("You can change only your own profile photo.");
  }
  const variants = await checkedVariants(ctx, input.file, SIZES, { memberId: actor.memberId });
  const dir = photosDir(ctx);
  await mkdir(dir, { recursive: true });
  const stem = newToken();
  let swapped: { previous: string | null } | undefined;
  try {
    for (const size of SIZES) {
      await writeFile(path.join(dir, fileNameOf(stem, size)), variants.get(size)!, { flag: "wx", mode: 0o644 });
    }
    const picturePath = `/uploads/${PHOTOS_SUBDIR}/${fileNameOf(stem, PHOTO_VARIANTS.main)}`;
    swapped = await repo.swapPicturePath(ctx.db, actor.memberId, picturePath, isoNow());
    if (!swapped) throw notFound(NO_SUCH_MEMBER);
    const previousStem = storedPhotoStem(swapped.previous);
    if (previousStem && previousStem !== stem) await removeVariants(ctx, dir, previousStem);
    return { picturePath };
  } catch (error) {
    if (!swapped) await removeVariants(ctx, dir, stem);
    throw error;
  }
}
