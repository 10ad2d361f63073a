import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/limits.ts";
import type { TextId } from "../../shared/texts.ts";

// Shared by the client (a quick check before sending) and the server: no server imports.

/** The sizes a profile photo is stored in: the main picture and the avatar (square, WebP). */
export const PHOTO_VARIANTS = { main: 400, avatar: 96 } as const;

/** The form field that carries the file, in the tRPC FormData and in member/UploadProfilePhoto. */
export const PHOTO_FIELD = "image";

/** What the `accept` attribute of a file input offers (the server checks the content itself). */
export const PHOTO_ACCEPT = ".jpg,.jpeg,.png,.svg,.gif,image/jpeg,image/png,image/svg+xml,image/gif";

export interface UploadedPhoto {
  /** The main picture's path under the site, e.g. /uploads/photos/<random>-400.webp. */
  picturePath: string;
}

const STORED_NAME = /^\/uploads\/photos\/([a-z0-9]{16,64})-(\d+)\.webp$/;

/**
 * The avatar-sized variant of a picture path made by the upload (the 96 px file next to the main
 * one); any other path (the default picture) is returned as it is.
 */
export function avatarPathOf(picturePath: string): string {
  const m = STORED_NAME.exec(picturePath);
  return m ? `/uploads/photos/${m[1]}-${PHOTO_VARIANTS.avatar}.webp` : picturePath;
}

/** The random stem of a stored picture path (its variants share it), or null for any other path. */
export function storedPhotoStem(picturePath: string | null | undefined): string | null {
  return (picturePath && STORED_NAME.exec(picturePath)?.[1]) || null;
}

/**
 * The client-side pre-check of a chosen file by its name and size (the server decides by content):
 * the id of the spec's message, or null when the file may be sent.
 */
export function precheckPhoto(file: { name: string; size: number } | null | undefined): TextId | null {
  if (!file || file.size === 0) return "uploadFileRequired";
  if (!/\.(jpe?g|png|svg|gif)$/i.test(file.name)) return "uploadFileTypes";
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return "uploadFileTooBig";
  return null;
}
