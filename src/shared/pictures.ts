import { DEFAULT_PICTURE } from "./limits.ts";

/** A member's picture, or the default one when they have none (server side: accounts and privacy use it). */
export function picturePathOf(member: { picturePath: string | null }): string {
  return member.picturePath ?? `/images/${DEFAULT_PICTURE}`;
}
