import { describe, expect, it } from "vitest";
import { forwardedClient } from "./client-address.ts";

describe("forwardedClient (X-Forwarded-For behind trusted proxies)", () => {
  it.each([
    // One proxy appends the address it was reached from: the right-most entry is the client.
    ["203.0.113.9", 1, "203.0.113.9"],
    ["1.2.3.4, 203.0.113.9", 1, "203.0.113.9"],
    [" spoofed , also-spoofed,203.0.113.9 ", 1, "203.0.113.9"],
    // Two proxies: the second from the right; the client's own claims further left are ignored.
    ["1.2.3.4, 203.0.113.9, 10.0.0.2", 2, "203.0.113.9"],
    // Fewer hops than proxies: the left-most there is.
    ["203.0.113.9", 3, "203.0.113.9"],
  ])("%s with %i proxies is %s", (header, proxies, client) => {
    expect(forwardedClient(header, proxies)).toBe(client);
  });

  it("ignores the header when no proxy is trusted, and answers '' without one", () => {
    expect(forwardedClient("1.2.3.4", 0)).toBe("");
    expect(forwardedClient(undefined, 1)).toBe("");
    expect(forwardedClient(" , ", 1)).toBe("");
  });
});
