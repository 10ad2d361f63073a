import type { Actor, AppContext } from "../../platform/context.ts";
import { AssistantError, type ChatMessage } from "./assistant.ts";
import { ASSISTANT_FAILURE, type AssistantReply, type AssistInput } from "./assistant.schema.ts";

const SYSTEM_PROMPT = [
  "You help a member of Sideline, a social network for sport, write a short, friendly and professional private message to another member.",
  "Answer with the message text only: no subject line, no preamble, no explanation, no quotation marks around it.",
].join(" ");

const TASKS: Record<AssistInput["mode"], string> = {
  draft: "The member gives you notes. Write the message from them, in the language of the notes, without inventing facts.",
  polish:
    "The member gives you a message they wrote. Improve it: keep its meaning and its language, fix mistakes, make it clear and friendly.",
};

/** The conversation sent to the model; the member's text is only ever the user message. */
export function assistantPrompt(input: AssistInput): ChatMessage[] {
  return [
    { role: "system", content: `${SYSTEM_PROMPT} ${TASKS[input.mode]}` },
    { role: "user", content: input.message },
  ];
}

/** Whether members are offered the assistant at all (an endpoint is configured). */
export function available(ctx: AppContext): { available: boolean } {
  return { available: ctx.assistant.configured };
}

/**
 * "Ask the assistant": a draft or a polished version of a private message. Rate-limited per member
 * (RATE_LIMITED propagates for the client to show). Every other failure, an unconfigured assistant
 * included, answers ok=false with the generic failure text; the log gets the reason, never the text.
 */
export async function assist(ctx: AppContext, actor: Actor, input: AssistInput): Promise<AssistantReply> {
  await ctx.limiter.consume("assistant", [`member:${actor.memberId}`]);
  const assistant = ctx.assistant;
  if (!assistant.configured) {
    ctx.log.warn("message assistant is not configured", { memberId: actor.memberId });
    return { ok: false, text: ASSISTANT_FAILURE };
  }
  try {
    const text = await assistant.complete(assistantPrompt(input));
    return { ok: true, text };
  } catch (error) {
    // AssistantError messages are safe to log; anything else is named by its kind only.
    const reason = error instanceof AssistantError ? error.message : `unexpected ${(error as Error)?.name ?? "error"}`;
    ctx.log.warn("message assistant failed", { memberId: actor.memberId, mode: input.mode, reason });
    return { ok: false, text: ASSISTANT_FAILURE };
  }
}
