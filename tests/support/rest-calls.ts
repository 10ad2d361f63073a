import { expect } from "vitest";
import type { Harness } from "./harness.ts";
import { type ApiResponse, bearer, type RegisteredMember } from "./server.ts";

/** Who calls: a member (by their bearer token) or nobody (null). */
export type Caller = Pick<RegisteredMember, "accessToken"> | null;

/** GET / POST / PUT / DELETE against a harness's server as a member or anonymously. */
export function callsAs(h: Harness) {
  const auth = (m: Caller) => (m ? bearer(m.accessToken) : {});
  return {
    get: (m: Caller, path: string) => h.c.get(path, { headers: auth(m) }),
    post: (m: Caller, path: string, body?: unknown) => h.c.post(path, { headers: auth(m), body }),
    put: (m: Caller, path: string, body?: unknown) => h.c.put(path, { headers: auth(m), body }),
    del: (m: Caller, path: string) => h.c.delete(path, { headers: auth(m) }),
  };
}

export function expectJson(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
}

/** An error answer: the status and a JSON {message} (containing `message` when given). */
export function expectError(res: ApiResponse, status: number, message?: string) {
  expectJson(res, status);
  expect(typeof res.json?.message).toBe("string");
  expect(res.json.message.length).toBeGreaterThan(0);
  if (message) expect(res.json.message).toContain(message);
}

/** A plain-text answer of the legacy service ("yes", "NewEmail", a count). */
export function expectText(res: ApiResponse, text: string) {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(res.text).toBe(text);
}

/** A short word no other member has (letters only, as names must be): keeps one test's name searches apart from the others'. */
export function nameTag(prefix: string, length = 8): string {
  let s = "";
  while (s.length < length) s += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return `${prefix}${s}`;
}
