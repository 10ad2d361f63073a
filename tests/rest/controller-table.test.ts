import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { actionTable, joinActions } from "../../src/server/rest/action-table.ts";
import { restControllers } from "../../src/server/rest/controllers.ts";
import type { Controller, RestAction } from "../../src/server/rest/registry.ts";

const action = (extra: Partial<RestAction> = {}): RestAction => ({ methods: ["GET"], handler: () => null, ...extra });

describe("the REST controller table", () => {
  it("joins the parts of a controller", () => {
    const joined = joinActions("member", { A: action() }, { B: action() });
    expect(Object.keys(joined)).toEqual(["A", "B"]);
  });

  it("throws when two parts of a controller declare the same action", () => {
    const first: Controller = { GetThing: action() };
    const second: Controller = { GetThing: action({ public: true }) };
    expect(() => joinActions("member", first, second)).toThrow("REST action member/GetThing is declared twice.");
  });

  it("throws on a duplicate that differs only in case (the dispatcher matches names case-insensitively)", () => {
    expect(() => joinActions("member", { getThing: action() }, { GetThing: action() })).toThrow("declared twice");
    expect(() => actionTable({ member: { A: action() }, Member: { a: action() } })).toThrow("REST action Member/a is declared twice.");
  });

  it("throws on a public action that declares an ownership rule", () => {
    const own = { memberId: "path", refusal: "id must be your own member id." } as const;
    expect(() => actionTable({ member: { A: action({ public: true, own }) } })).toThrow("member/A is public");
  });

  it("builds the served table without a duplicate", () => {
    expect(() => actionTable(restControllers)).not.toThrow();
  });

  it("has every served action in docs/rest-api.md, under its controller", () => {
    const doc = readFileSync(new URL("../../docs/rest-api.md", import.meta.url), "utf8");
    const sections = new Map(doc.split(/^### /m).map((part) => [part.split(/\s/)[0]!, part]));
    const missing = Object.entries(restControllers).flatMap(([controller, actions]) =>
      Object.keys(actions)
        .filter((action) => !new RegExp(`\\b${action}\\b`).test(sections.get(controller) ?? ""))
        .map((action) => `${controller}/${action}`),
    );
    expect(missing).toEqual([]);
  });
});
