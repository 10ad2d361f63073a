import { z } from "zod";
import type { Logger } from "../../platform/logger.ts";
import { type Assistant, AssistantError } from "../../platform/ports/assistant.ts";

export { type Assistant, AssistantError, type ChatMessage } from "../../platform/ports/assistant.ts";

export interface AssistantOptions {
  /** ASSISTANT_BASE_URL, e.g. https://api.openai.com/v1; without it the assistant is not configured. */
  baseUrl?: string;
  /** ASSISTANT_API_KEY; local endpoints may need none. */
  apiKey?: string;
  /** ASSISTANT_MODEL. */
  model: string;
  log: Logger;
  /** For tests; the global fetch otherwise. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** How long one request may take, answer included (default 20 s). */
  timeoutMs?: number;
}

const completionAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

export function createAssistant(options: AssistantOptions): Assistant {
  const { apiKey, model, log } = options;
  const baseUrl = options.baseUrl?.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init));

  return {
    configured: !!baseUrl,
    async complete(messages) {
      if (!baseUrl) throw new AssistantError("not configured");
      const started = Date.now();
      let res: Response;
      let raw: unknown;
      try {
        res = await doFetch(`${baseUrl}/chat/completions`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({ model, messages, temperature: 0.7, max_tokens: 400 }),
          // Covers reading the body too, so a slow trickle of an answer also ends in time.
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) {
          // The error body is not read into a log: providers may echo the request or the key.
          await res.body?.cancel().catch(() => {});
          throw new AssistantError(`endpoint answered status ${res.status}`);
        }
        raw = await res.json();
      } catch (error) {
        if (error instanceof AssistantError) throw error;
        const name = (error as Error)?.name;
        if (name === "TimeoutError" || name === "AbortError") throw new AssistantError(`no answer within ${timeoutMs} ms`);
        if (name === "SyntaxError") throw new AssistantError("endpoint answered something that is not JSON");
        // Only the error's kind: its message may hold the address or parts of the request.
        throw new AssistantError(`request failed (${name ?? "unknown error"})`);
      }
      const parsed = completionAnswer.safeParse(raw);
      const text = parsed.success ? parsed.data.choices[0]!.message.content.trim() : "";
      if (!text) throw new AssistantError(parsed.success ? "endpoint answered an empty message" : "endpoint answered an unexpected shape");
      log.debug("message assistant answered", { status: res.status, ms: Date.now() - started });
      return text;
    },
  };
}
