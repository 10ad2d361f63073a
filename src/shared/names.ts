import { z } from "zod";
import { NAME_MAX_LENGTH } from "./limits.ts";
import { texts } from "./texts.ts";

/*
 * People's names (first, middle and last; at registration, in the profile, in settings, and in the
 * advertising enquiry). They are shown to other members and put into e-mails ("Hi {firstName},",
 * notifications), so they are plain words: letters of any script, combining marks, spaces,
 * apostrophes, hyphens and periods, at most 50 characters, and nothing a mail program would turn
 * into a link. One rule for the forms (client) and the server (REST and tRPC), with one message each.
 * The patterns are single character classes or fixed-length sequences: they cannot backtrack.
 */

/** Letters, combining marks, space, apostrophe (' or ’), hyphen, period; nothing else. */
const NAME_CHARACTERS = /^[\p{L}\p{M} '\u2019.-]*$/u;
const LETTER = /\p{L}/u;
/**
 * A period between two words, as in a host name ("evil.example", "www.x"). Initials stay fine
 * ("J.R.", "St. John"): the period must follow two name characters and precede a letter.
 */
const WEB_ADDRESS = /[\p{L}\p{M}'\u2019-]{2}\.[\p{L}\p{M}]/u;

/** The message for a name that breaks the rule, or null (the empty name is the caller's concern). */
export function nameProblem(name: string): string | null {
  if (name.length > NAME_MAX_LENGTH) return texts.nameTooLong;
  if (name === "") return null;
  if (!NAME_CHARACTERS.test(name) || !LETTER.test(name)) return texts.nameCharacters;
  if (WEB_ADDRESS.test(name)) return texts.nameNoWebAddress;
  return null;
}

/** Legacy clients send text, numbers or null: text, trimmed, in Unicode NFC, runs of spaces made one. */
const nameText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v)).normalize("NFC").trim().replace(/ {2,}/g, " "));

/**
 * A person's name field: `required` is the message for an empty one (leave it out for an optional
 * field such as the middle name, which may be empty).
 */
export function personNameField(required?: string) {
  return nameText.pipe(
    z.string().superRefine((name, ctx) => {
      const problem = name === "" ? (required ?? null) : nameProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  );
}
