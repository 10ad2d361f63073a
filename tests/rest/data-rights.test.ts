/**
 * Data rights over HTTP against the real Bun server: an archive asked for over tRPC is prepared by
 * the server's worker and downloaded at GET /data-export/:id by its owner only (a zip holding their
 * data); deletion with the password signs the member out, and signing in again cancels it.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { bearer, registerAndConfirm } from "#support/server.ts";

describe("data rights over HTTP", () => {
  const h = serverHarness();
  const member = () => registerAndConfirm(h.server.baseUrl, h.sink);
  // A mutation without input goes as the web client sends it: a batch of one, body {}.
  const call = (token: string, procedure: string, input?: unknown) =>
    input === undefined
      ? h.c.post(`/trpc/dataRights.${procedure}?batch=1`, { headers: bearer(token), body: {} })
      : h.c.post(`/trpc/dataRights.${procedure}`, { headers: bearer(token), body: input });
  const exportsOf = async (token: string) => {
    const res = await h.c.get("/trpc/dataRights.exports", { headers: bearer(token) });
    expect(res.status, res.text).toBe(200);
    return res.json.result.data as Array<{ id: number; status: string; downloadUrl: string | null }>;
  };
  const download = (url: string, headers: Record<string, string> = {}) => fetch(h.server.baseUrl + url, { headers });

  it("prepares the archive off the request and lets only its owner download it", async () => {
    const [owner, stranger] = [await member(), await member()];
    const asked = await call(owner.accessToken, "requestExport");
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json[0].result.data.status).toBe("pending");
    expect((await call(owner.accessToken, "requestExport")).status).toBe(429);

    let ready: { id: number; downloadUrl: string | null } | undefined;
    for (let i = 0; i < 40 && !ready; i++) {
      ready = (await exportsOf(owner.accessToken)).find((e) => e.status === "ready");
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(ready?.downloadUrl).toBe(`/data-export/${ready?.id}`);
    expect(readdirSync(path.join(h.server.dataDir, "exports")).filter((f) => f.endsWith(".zip"))).toHaveLength(1);

    const res = await download(ready!.downloadUrl!, bearer(owner.accessToken));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sideline-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))["sideline-data.json"]!));
    expect(data.account).toMatchObject({ id: owner.memberId, email: owner.email });
    expect(data.account).not.toHaveProperty("passwordHash");

    for (const [headers, status] of [
      [bearer(stranger.accessToken), 404],
      [{}, 401],
      [bearer("not-a-token"), 401],
    ] as const) {
      const refused = await download(ready!.downloadUrl!, headers);
      expect(refused.status).toBe(status);
      expect(refused.headers.get("content-type")).toMatch(/json/);
    }
    expect((await download("/data-export/not-a-number", bearer(owner.accessToken))).status).toBe(404);
    expect((await download(`/data-export/${ready!.id + 1000}`, bearer(owner.accessToken))).status).toBe(404);
  });

  it("deletes an account only with its password, signs it out, and a sign-in within the grace period cancels", async () => {
    const m = await member();
    const wrong = await call(m.accessToken, "deleteAccount", { password: "not it" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe("The password is not correct.");
    expect(await h.db.value("SELECT status FROM member WHERE id = ?", m.memberId)).toBe(2);

    const done = await call(m.accessToken, "deleteAccount", { password: m.password });
    expect(done.status, done.text).toBe(200);
    expect(await h.db.value("SELECT status FROM member WHERE id = ?", m.memberId)).toBe(5);
    expect((await h.c.get("/trpc/dataRights.exports", { headers: bearer(m.accessToken) })).status).toBe(401);

    const back = await h.c.post("/api/account/login", { body: { email: m.email, password: m.password } });
    expect(back.json.currentStatus).toBe("2");
    expect(await h.db.rows("SELECT status, deletion_due_at FROM member WHERE id = ?", m.memberId)).toEqual([
      { status: 2, deletion_due_at: null },
    ]);
  });
});
