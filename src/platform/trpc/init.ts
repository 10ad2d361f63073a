import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Actor, AppContext, RequestMeta } from "../context.ts";
import { DomainError, forbidden, unauthorized } from "../../shared/errors.ts";
import { hasRole, type Role } from "../../shared/members.ts";
import { describeZodError, trpcCodeOf } from "../errors.ts";

export interface TrpcContext {
  app: AppContext;
  actor: Actor | null;
  meta: RequestMeta;
  /** Starts the browser session (HttpOnly cookie) after a login. */
  startSession: (token: string, expiresAt: string) => void;
  /** Removes the session cookie. */
  endSession: () => void;
}

const t = initTRPC.context<TrpcContext>().create({
  // Live updates (subscriptions over server-sent events): a ping every 5 s keeps proxies and Bun's
  // idle timeout from closing a quiet stream; a client that hears nothing for 15 s reconnects.
  sse: { ping: { enabled: true, intervalMs: 5_000 }, client: { reconnectAfterInactivityMs: 15_000 } },
  errorFormatter({ shape, error }) {
    // Input that fails its schema answers with the first problem as a sentence, never the raw issue list.
    const message = error.cause instanceof ZodError ? describeZodError(error.cause) : shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined } };
  },
});

/** Domain errors become tRPC errors with the same meaning; anything else stays a 500. */
const mapDomainErrors = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) {
      throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      ctx.app.log.error("unhandled error in tRPC procedure", { error: String(cause?.stack ?? result.error) });
    }
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapDomainErrors);

/** A signed-in member with a full session; the actor comes from the session, never from input. */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor || ctx.actor.scope !== "full") throw new TRPCError({ code: "UNAUTHORIZED", message: unauthorized().message });
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

/** A member whose role (read with the session) has at least `needed`'s powers; anyone else: FORBIDDEN, never data. */
const withRole = (needed: Role) =>
  memberProcedure.use(({ ctx, next }) => {
    if (!hasRole(ctx.actor.role, needed)) throw new TRPCError({ code: "FORBIDDEN", message: forbidden().message });
    return next({ ctx });
  });

/** Moderators and admins. */
export const moderatorProcedure = withRole("moderator");
/** Admins only. */
export const adminProcedure = withRole("admin");
