/**
 * Suspension over HTTP against the real Bun server: a moderator's suspension (tRPC admin.suspend)
 * ends the member's bearer token at once, the legacy login then answers status '4' without a
 * token, and restoring lets the member sign in again. A plain member's call is refused.
 */
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { bearer, registerAndConfirm } from "#support/server.ts";

describe("suspension over REST", () => {
  const h = serverHarness();
  const member = () => registerAndConfirm(h.server.baseUrl, h.sink);
  const trpc = (token: string, path: string, input: unknown) => h.c.post(`/trpc/${path}`, { headers: bearer(token), body: input });
  const login = (email: string, password: string) => h.c.post("/api/account/login", { body: { email, password } });
  const myInfo = (m: { memberId: number; accessToken: string }) =>
    h.c.get(`/api/member/GetMemberGeneralInfoV2/${m.memberId}`, { headers: bearer(m.accessToken) });

  it("stops a suspended member's bearer token at once and refuses their sign-in until restored", async () => {
    const [moderator, target] = [await member(), await member()];
    await h.db.run("UPDATE member SET role = ? WHERE id = ?", "moderator", moderator.memberId);
    expect((await myInfo(target)).status).toBe(200);

    expect((await trpc(target.accessToken, "admin.suspend", { memberId: moderator.memberId, reason: "no" })).status).toBe(403);
    const suspended = await trpc(moderator.accessToken, "admin.suspend", { memberId: target.memberId, reason: "Spam" });
    expect(suspended.status, suspended.text).toBe(200);

    expect((await myInfo(target)).status).toBe(401);
    const refused = await login(target.email, target.password);
    expect(refused.json).toMatchObject({ currentStatus: "4", accessToken: "" });

    expect((await trpc(moderator.accessToken, "admin.restore", { memberId: target.memberId })).status).toBe(200);
    const back = await login(target.email, target.password);
    expect(back.json.currentStatus).toBe("2");
    expect((await myInfo({ memberId: target.memberId, accessToken: back.json.accessToken })).status).toBe(200);
  });
});
