import { z } from "zod";
import { texts } from "../../shared/texts.ts";

// Shared by the client and the server: no server imports.

export const ASSISTANT_MAX_LENGTH = 2000;
export const ASSISTANT_REQUIRED = "Please write what the assistant should help with.";
export const ASSISTANT_TOO_LONG = `The text for the assistant can have at most ${ASSISTANT_MAX_LENGTH} characters.`;
/** What the member sees when the assistant is not set up or fails (the catalogue's generic text). */
export const ASSISTANT_FAILURE = texts.somethingWrong;

/** "draft": write a message from the member's notes; "polish": improve the member's own text. */
export const assistModes = ["draft", "polish"] as const;
export type AssistMode = (typeof assistModes)[number];

export const assistInput = z.object({
  message: z.string({ message: ASSISTANT_REQUIRED }).trim().min(1, ASSISTANT_REQUIRED).max(ASSISTANT_MAX_LENGTH, ASSISTANT_TOO_LONG),
  mode: z.enum(assistModes).default("polish"),
});
export type AssistInput = z.infer<typeof assistInput>;

/** ok=false: `text` is the failure text to show, never a draft. */
export interface AssistantReply {
  ok: boolean;
  text: string;
}
