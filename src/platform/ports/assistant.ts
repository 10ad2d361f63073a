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
