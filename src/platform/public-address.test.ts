/** Which addresses count as public before the server fetches a URL someone typed (SSRF). */
import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.ts";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, multicast, unspecified and reserved IPv4", () => {
    for (const a of [
      "127.0.0.1",
      "127.255.255.254",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "224.0.0.1",
      "239.255.255.250",
      "0.0.0.0",
      "255.255.255.255",
      "240.0.0.1",
      "192.0.2.1",
      "198.51.100.7",
      "203.0.113.255",
      "198.18.0.1",
      "198.19.255.255",
      "192.88.99.1",
      "192.88.99.255",
    ]) {
      expect({ a, public: isPublicAddress(a) }).toEqual({ a, public: false });
    }
  });

  it("refuses the same in IPv6, local-use NAT64, Teredo, discard, and IPv4-mapped, -compatible, SIIT, NAT64 and 6to4 forms of private IPv4", () => {
    for (const a of [
      "::1",
      "::",
      "[::1]",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1%eth0",
      "febf::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "64:ff9b::10.0.0.1",
      "2002:c0a8:0101::1",
      "0:0:0:0:0:ffff:c0a8:0101",
      "::ffff:0:127.0.0.1",
      "::ffff:0:a00:1",
      "64:ff9b:1::8.8.8.8",
      "64:ff9b:1:ffff::1",
      "2001::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "100::1",
      "100::ffff:8.8.8.8",
      "::ffff:203.0.113.9",
      // Review of 2026-11-27, third pass: documentation, benchmarking, ORCHID(v2) and SRv6.
      "2001:db8::1",
      "2001:db8:ffff:ffff::1",
      "2001:2::1",
      "2001:10::1",
      "2001:1f:ffff::1",
      "2001:20::1",
      "2001:2f:ffff::1",
      "3fff::1",
      "3fff:fff:ffff::1",
      "5f00::1",
      "5f00:ffff::1",
      "::ffff:192.88.99.1",
    ]) {
      expect({ a, public: isPublicAddress(a) }).toEqual({ a, public: false });
    }
  });

  it("accepts public addresses, and refuses what is not an address", () => {
    for (const a of [
      "93.184.215.14",
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
      "64:ff9b::8.8.8.8",
      "::ffff:0:8.8.8.8",
      "2001:db9::1",
      "2001:1::1",
      "101::1",
      "64:ff9b:2::1",
      "192.0.3.1",
      "198.20.0.1",
      // Just outside the ranges refused above.
      "192.88.98.255",
      "192.88.100.1",
      "2001:db7:ffff::1",
      "2001:3::1",
      "2001:30::1",
      "3fff:1000::1",
      "5f01::1",
    ]) {
      expect({ a, public: isPublicAddress(a) }).toEqual({ a, public: true });
    }
    for (const a of ["", "localhost", "127.1", "0x7f.0.0.1", "1.2.3.4.5"]) expect(isPublicAddress(a)).toBe(false);
  });
});
