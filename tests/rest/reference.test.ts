/**
 * Contract tests of the lookups (rest-api.md: common/GetSportsList, GetStates, GetSchoolByState,
 * which are public; organizations/GetCompanySectors, GetIndustries, GetCompanies, which need a
 * session) over HTTP against the real Bun server and the reference data its migrations load.
 */
import { describe, expect, it } from "vitest";
import { texts } from "../../src/shared/texts.ts";
import { serverHarness } from "#support/harness.ts";
import { type ApiResponse, bearer, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

const h = serverHarness();

function expectJson(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
}

function expectBadInput(res: ApiResponse, message?: string) {
  expectJson(res, 400);
  expect(typeof res.json?.message).toBe("string");
  if (message) expect(res.json.message).toContain(message);
}

const keysOf = (items: object[]) => [...new Set(items.map((i) => Object.keys(i).sort().join(",")))];

let signedIn: RegisteredMember | undefined;
async function someone(): Promise<RegisteredMember> {
  signedIn ??= await registerAndConfirm(h.server.baseUrl, h.sink);
  return signedIn;
}

describe("common/GetSportsList", () => {
  it("answers the sports as [{id, name}] without a session, in the list's order", async () => {
    const res = await h.c.get("/api/common/GetSportsList");
    expectJson(res);
    expect(keysOf(res.json)).toEqual(["id,name"]);
    const names = res.json.map((s: { name: string }) => s.name);
    expect(names).toContain("Basketball");
    expect(names).toContain("Soccer");
    expect(names.length).toBe(await h.db.value("select count(*) from sport"));
    expect(res.json[0]).toEqual({ id: expect.any(Number), name: "American Football" });
    expect(new Set(res.json.map((s: { id: number }) => s.id)).size).toBe(names.length);
  });

  it("is served under /services with any case, and with a token too", async () => {
    const m = await someone();
    const res = await h.c.get("/services/common/getsportslist", { headers: bearer(m.accessToken) });
    expectJson(res);
    expect(res.json.length).toBeGreaterThan(10);
  });
});

describe("common/GetStates", () => {
  it("answers the states as [{id, name}] with the two-letter code as id, by name, without a session", async () => {
    const res = await h.c.get("/api/common/GetStates");
    expectJson(res);
    expect(keysOf(res.json)).toEqual(["id,name"]);
    expect(res.json).toHaveLength(51);
    expect(res.json[0]).toEqual({ id: "AL", name: "Alabama" });
    expect(res.json).toContainEqual({ id: "CA", name: "California" });
    expect(res.json).toContainEqual({ id: "DC", name: "District of Columbia" });
  });
});

describe("common/GetSchoolByState", () => {
  it("answers the colleges of a state by default ([{schoolId, schoolName}], by name), without a session", async () => {
    const res = await h.c.get(`/api/common/GetSchoolByState${qs({ state: "IL" })}`);
    expectJson(res);
    expect(keysOf(res.json)).toEqual(["schoolId,schoolName"]);
    const expected = await h.db.rows<{ id: number; name: string }>(
      "select id, name from school where state = 'IL' and type = 3 order by name",
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(res.json).toEqual(expected.map((s) => ({ schoolId: s.id, schoolName: s.name })));
  });

  it.each([
    [1, "public high schools"],
    [2, "private high schools"],
    [3, "colleges"],
  ])("institutionType %i answers the %s", async (type) => {
    const res = await h.c.get(`/api/common/GetSchoolByState${qs({ state: "WY", institutionType: type })}`);
    expectJson(res);
    const ids = (await h.db.rows<{ id: number }>("select id from school where state = 'WY' and type = ? order by name", type)).map(
      (r) => r.id,
    );
    expect(res.json.map((s: { schoolId: number }) => s.schoolId)).toEqual(ids);
  });

  it("takes the state in any case, with stray spaces and an empty institutionType", async () => {
    const res = await h.c.get("/api/common/GetSchoolByState?%20state%20=%20ri%20&institutionType=");
    expectJson(res);
    const count = await h.db.value("select count(*) from school where state = 'RI' and type = 3");
    expect(res.json).toHaveLength(count as number);
  });

  it("answers an empty list for a state with no schools of that kind", async () => {
    const res = await h.c.get(`/api/common/GetSchoolByState${qs({ state: "ZZ", institutionType: 1 })}`);
    expectJson(res);
    expect(res.json).toEqual([]);
  });

  it("answers 400 without a state, for a malformed one, or an unknown institution type", async () => {
    expectBadInput(await h.c.get("/api/common/GetSchoolByState"), texts.stateRequired);
    expectBadInput(await h.c.get(`/api/common/GetSchoolByState${qs({ state: "Illinois" })}`), texts.stateRequired);
    expectBadInput(await h.c.get(`/api/common/GetSchoolByState${qs({ state: "IL", institutionType: 4 })}`));
    expectBadInput(await h.c.get(`/api/common/GetSchoolByState${qs({ state: "IL", institutionType: "college" })}`));
  });
});

describe("organizations", () => {
  it("needs a session for every action (401)", async () => {
    for (const path of [
      "/api/organizations/GetCompanySectors",
      "/api/organizations/GetIndustries?sector=Education",
      "/api/organizations/GetCompanies?sector=Education",
    ]) {
      const res = await h.c.get(path);
      expectJson(res, 401);
      expect(typeof res.json.message).toBe("string");
    }
  });

  it("GetCompanySectors answers an array of sector names", async () => {
    const m = await someone();
    const res = await h.c.get("/api/organizations/GetCompanySectors", { headers: bearer(m.accessToken) });
    expectJson(res);
    expect(res.json.every((s: unknown) => typeof s === "string")).toBe(true);
    expect([...res.json].sort()).toEqual((await h.db.rows<{ name: string }>("select name from sector order by name")).map((r) => r.name));
    expect(res.json).toContain("Professional Sports");
  });

  it("GetIndustries answers the industries of a sector as [{id, name}]", async () => {
    const m = await someone();
    const res = await h.c.get(`/api/organizations/GetIndustries${qs({ sector: "Professional Sports" })}`, {
      headers: bearer(m.accessToken),
    });
    expectJson(res);
    const expected = await h.db.rows<{ id: number; name: string }>(
      "select i.id, i.name from industry i join sector s on s.id = i.sector_id where s.name = 'Professional Sports' order by i.name",
    );
    expect(res.json).toEqual(expected);
    expect(res.json.map((i: { name: string }) => i.name)).toEqual(["Leagues and Governing Bodies", "Teams and Clubs"]);
    const unknown = await h.c.get(`/api/organizations/GetIndustries${qs({ sector: "Space Tourism" })}`, { headers: bearer(m.accessToken) });
    expectJson(unknown);
    expect(unknown.json).toEqual([]);
  });

  it("GetCompanies answers the companies of an industry, or of the whole sector, as [{id, name}]", async () => {
    const m = await someone();
    const byIndustry = await h.c.get(
      `/api/organizations/GetCompanies${qs({ sector: "Professional Sports", industry: "Teams and Clubs" })}`,
      {
        headers: bearer(m.accessToken),
      },
    );
    expectJson(byIndustry);
    expect(keysOf(byIndustry.json)).toEqual(["id,name"]);
    expect(byIndustry.json.map((c: { name: string }) => c.name)).toEqual([
      "Independent Club",
      "Minor League Club",
      "Semi-Professional Club",
    ]);

    const bySector = await h.c.get(`/api/organizations/GetCompanies${qs({ sector: "Professional Sports" })}`, {
      headers: bearer(m.accessToken),
    });
    expectJson(bySector);
    expect(bySector.json).toHaveLength(9);
    expect(bySector.json).toEqual(expect.arrayContaining(byIndustry.json));

    const mismatch = await h.c.get(`/api/organizations/GetCompanies${qs({ sector: "Education", industry: "Teams and Clubs" })}`, {
      headers: bearer(m.accessToken),
    });
    expect(mismatch.json).toEqual([]);
  });

  it("answers 400 without a sector", async () => {
    const m = await someone();
    expectBadInput(await h.c.get("/api/organizations/GetIndustries", { headers: bearer(m.accessToken) }), "sector");
    expectBadInput(
      await h.c.get("/api/organizations/GetCompanies?industry=Teams%20and%20Clubs", { headers: bearer(m.accessToken) }),
      "sector",
    );
  });
});
