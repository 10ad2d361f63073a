import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { PROFILE_TYPES } from "../../src/shared/limits.ts";
import { api, ROOT, startServer } from "../support/server.ts";

const BUN = path.join(ROOT, "node_modules/.bin/bun");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-seed-"));
const seed = () => execFileSync(BUN, ["scripts/seed.ts"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run seed", () => {
  it("adds an active demo member of every profile type, once", () => {
    expect(seed()).toMatch(/10 demo members added/);
    expect(seed()).toMatch(/0 demo members added \(10 already there\)/);
    const db = new Database(path.join(dataDir, "sideline.db"), { readonly: true });
    const rows = db.prepare("select profile_type, status from member").all() as Array<{ profile_type: string; status: number }>;
    db.close();
    expect(rows.map((r) => r.profile_type).sort()).toEqual([...PROFILE_TYPES].sort());
    expect(rows.every((r) => r.status === 2)).toBe(true);
  });

  it("its members can log in to a server started on the same data directory", async () => {
    const server = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      const res = await api(server.baseUrl).post("/api/account/login", {
        body: { email: "maya.okafor@demo.sideline.local", password: "sideline" },
      });
      expect(res.json).toMatchObject({ currentStatus: "2", name: "Maya Okafor", title: "Point guard, State University" });
      expect(res.json.accessToken).not.toBe("");
    } finally {
      await server.stop();
    }
  });
});
