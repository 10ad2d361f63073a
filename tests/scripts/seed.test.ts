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
  it("adds active demo members of every profile type with full profiles, once", () => {
    expect(seed()).toMatch(/20 demo members added/);
    expect(seed()).toMatch(/0 demo members added \(20 already there\)/);
    const db = new Database(path.join(dataDir, "sideline.db"), { readonly: true });
    const rows = db
      .prepare(
        `select m.profile_type, m.status, p.sport, p.height_inches, p.preferred_position,
                (select count(*) from member_school s where s.member_id = m.id) as schools
         from member m join member_profile p on p.member_id = m.id`,
      )
      .all() as Array<{ profile_type: string; status: number; sport: string; height_inches: number | null; preferred_position: string; schools: number }>;
    db.close();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.profile_type))).toEqual(new Set(PROFILE_TYPES));
    expect(rows.every((r) => r.status === 2 && r.sport !== "")).toBe(true);
    const athletes = rows.filter((r) => r.profile_type.startsWith("Athlete"));
    expect(athletes.length).toBeGreaterThan(5);
    expect(athletes.every((r) => r.height_inches !== null && r.preferred_position !== "")).toBe(true);
    expect(rows.filter((r) => !r.profile_type.startsWith("Athlete")).every((r) => r.height_inches === null)).toBe(true);
    expect(rows.filter((r) => r.schools > 0).length).toBeGreaterThan(15);
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
