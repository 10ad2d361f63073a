import { describe, expect, it } from "vitest";
import { acceptedEncodings } from "./content-encoding.ts";

describe("Accept-Encoding", () => {
  it("prefers brotli, then gzip, among what the client accepts", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("br")).toEqual(["br"]);
    expect(acceptedEncodings("x-gzip")).toEqual(["gzip"]);
  });

  it("follows q values, and q=0 refuses", () => {
    expect(acceptedEncodings("br;q=0.5, gzip;q=0.9")).toEqual(["gzip", "br"]);
    expect(acceptedEncodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("*;q=0.1")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("*, br;q=0")).toEqual(["gzip"]);
  });

  it("accepts nothing compressed without the header, or with identity only", () => {
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings("")).toEqual([]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings("deflate, zstd")).toEqual([]);
  });
});
