import { describe, expect, it } from "vitest";
import { optionalEnum, optionalInt, optionalString } from "./search-params.ts";

describe("route query readers", () => {
  it("read strings, within a length", () => {
    expect(optionalString("jo")).toBe("jo");
    expect(optionalString(3)).toBeUndefined();
    expect(optionalString(undefined)).toBeUndefined();
    expect(optionalString("x".repeat(101), 100)).toBeUndefined();
    expect(optionalString("x".repeat(100), 100)).toHaveLength(100);
  });

  it("read integers from numbers and numeric strings", () => {
    expect(optionalInt(2)).toBe(2);
    expect(optionalInt("7")).toBe(7);
    expect(optionalInt("0")).toBe(0);
    expect(optionalInt("0", { positive: true })).toBeUndefined();
    expect(optionalInt(-3, { positive: true })).toBeUndefined();
    expect(optionalInt("1.5")).toBeUndefined();
    expect(optionalInt("abc")).toBeUndefined();
    expect(optionalInt(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(optionalInt(undefined)).toBeUndefined();
  });

  it("read one of a list", () => {
    const tabs = ["photo", "name"] as const;
    expect(optionalEnum("name", tabs)).toBe("name");
    expect(optionalEnum("other", tabs)).toBeUndefined();
    expect(optionalEnum(1, tabs)).toBeUndefined();
  });
});
