// The message assistant as a port: a language model behind a chat-completions endpoint.

/** One message of a chat-completions conversation. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A language model behind an OpenAI-compatible chat-completions endpoint. */
export interface Assistant {
  /** False without a base URL: complete() then always throws. */
  configured: boolean;
  /** The model's answer, trimmed; throws AssistantError on any failure. */
  complete: (messages: ChatMessage[]) => Promise<string>;
}

/** A failure whose message is safe to log: it never holds the key or the member's text. */
export class AssistantError extends Error {
  override name = "AssistantError";
}

/** The assistant without ASSISTANT_BASE_URL: every answer fails, so members get the failure text. */
export const unconfiguredAssistant: Assistant = {
  configured: false,
  complete: () => Promise.reject(new AssistantError("not configured")),
};
