/**
 * The instance's registration mode (decision 039) holds on the legacy REST path too, over HTTP
 * against the real Bun server and its database: closed refuses account/register with the message
 * and writes nothing; invite-only takes an admin's invite code in the original `code` field, once.
 */
import { afterAll, describe, expect, it } from "vitest";
import { adminContentTexts } from "../../src/shared/admin-content-texts.ts";
import { registrationBody } from "#support/server.ts";
import { serverHarness } from "#support/harness.ts";

const h = serverHarness();
const setMode = (mode: string) =>
  h.db.run("insert into site_setting (key, value) values ('registration', ?) on conflict (key) do update set value = excluded.value", mode);
afterAll(() => setMode("open"));

const register = (body: Record<string, string>) => h.c.post("/api/account/register", { body });
const members = (email: string) => h.db.value<number>("select count(*) from member where email = ?", email);

describe("account/register and the registration mode", () => {
  it("closed: refused with the message, nothing written", async () => {
    await setMode("closed");
    const body = registrationBody();
    const res = await register(body);
    expect(res.status).toBe(403);
    expect(res.text).toContain(adminContentTexts.registrationClosed);
    expect(await members(body.email)).toBe(0);
  });

  it("invite-only: an unused code admits one registration", async () => {
    await setMode("invite-only");
    await h.db.run("insert into invite_code (code, created_at) values ('RESTCODE42', '2026-11-27T00:00:00.000Z')");
    const without = registrationBody();
    expect((await register(without)).status).toBe(400);
    expect(await members(without.email)).toBe(0);

    const body = registrationBody({ code: "RESTCODE42" });
    expect((await register(body)).text).toBe("NewEmail");
    expect(await members(body.email)).toBe(1);
    const again = registrationBody({ code: "RESTCODE42" });
    const res = await register(again);
    expect(res.status).toBe(400);
    expect(res.text).toContain(adminContentTexts.inviteCodeNotValid);
  });
});
