/**
 * The settings procedures as the web client calls them (a tRPC caller with the context the HTTP
 * layer builds): the actor comes from the session only, input is checked by the shared schemas,
 * domain errors keep their meaning, and the session cookie is cleared where the session ends.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createCallerFactory } from "../../platform/trpc/init.ts";
import { texts } from "../../shared/texts.ts";
import type { Actor } from "../../platform/context.ts";
import { settingsRouter } from "./settings.router.ts";

let t: TestContext | undefined;
beforeAll(async () => {
  t = await openTestContext("settings-router");
});
afterAll(() => closeTestContext(t));

const createCaller = createCallerFactory(settingsRouter);
const meta = { ip: "127.0.0.1", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" };

function callerFor(actor: Actor | null) {
  const cookies = { started: 0, ended: 0 };
  const caller = createCaller({
    app: t!.ctx,
    actor,
    meta,
    startSession: () => void cookies.started++,
    endSession: () => void cookies.ended++,
  });
  return { caller, cookies };
}

let seq = 0;
async function newMember(): Promise<Actor & { email: string; password: string }> {
  const password = `router-pw-${++seq}`;
  const m = await createMember(t!.db, {
    firstName: "Rae",
    lastName: "Router",
    gender: "Male",
    profileType: "Scout",
    title: "Scout",
    password,
    userAgent: meta.userAgent,
  });
  return { ...m, password };
}

async function trpcError(p: Promise<unknown>): Promise<TRPCError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("settings router", () => {
  it("needs a full session for everything but confirmEmailChange", async () => {
    const { caller } = callerFor(null);
    expect((await trpcError(caller.name())).code).toBe("UNAUTHORIZED");
    expect((await trpcError(caller.sessions())).code).toBe("UNAUTHORIZED");
    expect((await trpcError(caller.saveName({ firstName: "A", lastName: "B" }))).code).toBe("UNAUTHORIZED");
    const m = await newMember();
    const restricted = callerFor({ ...m, scope: "reactivate" }).caller;
    expect((await trpcError(restricted.privacy())).code).toBe("UNAUTHORIZED");
    // Public, but a wrong code is bad input.
    const wrong = await trpcError(caller.confirmEmailChange({ email: "x@example.com", code: "ABCDEFGH" }));
    expect(wrong.code).toBe("BAD_REQUEST");
    expect(wrong.message).toBe(texts.emailChangeCodeInvalid);
  });

  it("acts on the session's member and answers the documented shapes", async () => {
    const m = await newMember();
    const { caller } = callerFor(m);
    expect(await caller.name()).toEqual({ firstName: "Rae", middleName: "", lastName: "Router" });
    expect(await caller.saveName({ firstName: "Ray", middleName: "T", lastName: "Router" })).toEqual({
      firstName: "Ray",
      middleName: "T",
      lastName: "Router",
    });
    expect(await caller.securityQuestion()).toEqual({ questionId: null, hasAnswer: false });
    expect(await caller.saveSecurityQuestion({ questionId: 2, answer: "Mrs Bell" })).toEqual({ questionId: 2, hasAnswer: true });
    expect(await caller.notifications()).toEqual({
      sendMsg: true,
      addAsFriend: true,
      confirmFriendShipRequest: true,
      repliesToYourHelpQuest: true,
    });
    expect((await caller.privacy()).search.visibility).toBe(1);
    expect(await caller.emailInfo()).toEqual({ email: m.email, pendingEmail: null, pendingExpiresAt: null });
    const sessions = await caller.sessions();
    expect(sessions).toEqual([expect.objectContaining({ current: true, device: "Firefox on Linux" })]);
    expect(JSON.stringify(sessions)).not.toContain(m.sessionId);
  });

  it("turns bad input and a wrong current password into BAD_REQUEST with the form's texts", async () => {
    const m = await newMember();
    const { caller } = callerFor(m);
    const blank = await trpcError(caller.saveName({ firstName: "", lastName: "B" }));
    expect(blank.code).toBe("BAD_REQUEST");
    expect(blank.message).toContain(texts.firstNameRequired);
    const wrong = await trpcError(caller.changePassword({ currentPassword: "nope", newPassword: "abcdef", confirmPassword: "abcdef" }));
    expect(wrong.code).toBe("BAD_REQUEST");
    expect(wrong.message).toBe("The current password you entered is not correct.");
    expect(await caller.changePassword({ currentPassword: m.password, newPassword: "abcdef", confirmPassword: "abcdef" })).toEqual({
      changed: true,
      otherSessionsEnded: 0,
    });
  });

  it("clears the session cookie on deactivation and when the device in use is signed out", async () => {
    const a = await newMember();
    const first = callerFor(a);
    const [current] = await first.caller.sessions();
    expect(await first.caller.signOutSession({ id: current!.id })).toEqual({ signedOut: true, current: true });
    expect(first.cookies.ended).toBe(1);

    const b = await newMember();
    const second = callerFor(b);
    expect(await second.caller.deactivate({ reason: "2", explanation: "Moving to my club account." })).toEqual({ deactivated: true });
    expect(second.cookies.ended).toBe(1);
    const notFound = await trpcError(callerFor(await newMember()).caller.signOutSession({ id: "0".repeat(32) }));
    expect(notFound.code).toBe("NOT_FOUND");
  });
});
