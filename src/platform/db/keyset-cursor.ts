import { badInput } from "../../shared/errors.ts";
import { isRowId } from "../../shared/ids.ts";

/**
 * The cursor of a page ordered by a text (a name, a time) and then an id: the last row's pair,
 * opaque to clients (base64url of a JSON pair). Anything else a client sends back is a 400.
 */
export function encodeKeysetCursor(text: string, id: number): string {
  return Buffer.from(JSON.stringify([text, id])).toString("base64url");
}

/** The pair of a cursor from encodeKeysetCursor; undefined when none was given (the first page). */
export function decodeKeysetCursor(cursor: string | undefined): { text: string; id: number } | undefined {
  if (!cursor) return undefined;
  try {
    const [text, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    if (typeof text === "string" && isRowId(id)) return { text, id };
  } catch {
    // not base64url JSON: refused below
  }
  throw badInput("cursor is not valid.");
}
