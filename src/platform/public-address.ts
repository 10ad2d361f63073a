import { isIP } from "node:net";

/**
 * Whether an IP address is on the public internet: not loopback, private, link-local, CGNAT,
 * multicast, unspecified, documentation, benchmarking, discard, ORCHID, SRv6, 6to4 relay or reserved, in IPv4 or IPv6
 * (IPv4-mapped, IPv4-compatible, SIIT, NAT64 and 6to4 addresses are judged by the IPv4 address
 * they carry; local-use NAT64 and Teredo are refused outright). Used before the server fetches a URL
 * someone typed (admins' news feeds), so it cannot be pointed at the machine or its network (SSRF).
 * Small and dependency-free: node:net validates the text, this only reads the bytes.
 */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const kind = isIP(text);
  if (kind === 4) return isPublicV4(v4Bytes(text));
  if (kind === 6) return isPublicV6(v6Bytes(text));
  return false;
}

const v4Bytes = (text: string): number[] => text.split(".").map(Number);

/** The 16 bytes of a valid IPv6 text ("::" expanded, a trailing dotted IPv4 read as two groups). */
function v6Bytes(text: string): number[] {
  let groups = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(groups);
  if (dotted) {
    const [a, b, c, d] = v4Bytes(dotted[1]!);
    groups = `${groups.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = groups.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const words = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** Whether the first `bits` bits of `bytes` equal those of `prefix`. */
function inRange(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((bytes[byte]! & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** [prefix, bits]: addresses that are not public (RFC 6890 and the ones the brief names). */
const BLOCKED_V4: ReadonlyArray<[number[], number]> = [
  [[0], 8], // "this network", 0.0.0.0 unspecified
  [[10], 8], // private
  [[100, 64], 10], // CGNAT (shared address space)
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata endpoints live here)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation (TEST-NET-1)
  [[192, 88, 99], 24], // 6to4 relay anycast (deprecated, RFC 7526): a relay into someone's IPv6 network
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation (TEST-NET-2)
  [[203, 0, 113], 24], // documentation (TEST-NET-3)
  [[224], 4], // multicast
  [[240], 4], // reserved, and 255.255.255.255 broadcast
];

function isPublicV4(bytes: number[]): boolean {
  return !BLOCKED_V4.some(([prefix, bits]) => inRange(bytes, prefix, bits));
}

const BLOCKED_V6: ReadonlyArray<[number[], number]> = [
  [[0, 0x64, 0xff, 0x9b, 0, 0x01], 48], // local-use NAT64 (RFC 8215): translates into the operator's own network
  [[0x01, 0, 0, 0, 0, 0, 0, 0], 64], // discard-only (RFC 6666)
  [[0x20, 0x01, 0, 0], 32], // Teredo: tunnels to an IPv4 address (obfuscated) that cannot be judged safely
  [[0x20, 0x01, 0, 0x02, 0, 0], 48], // benchmarking (RFC 5180)
  [[0x20, 0x01, 0, 0x10], 28], // ORCHID (deprecated, RFC 4843): not routable
  [[0x20, 0x01, 0, 0x20], 28], // ORCHIDv2 (RFC 7343): not routable
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation (RFC 3849)
  [[0x3f, 0xff, 0], 20], // documentation (RFC 9637)
  [[0x5f, 0], 16], // SRv6 segment identifiers (RFC 9602): a domain's internal routing
  [[0xfc], 7], // unique local (private)
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated, still private)
  [[0xff], 8], // multicast
];
/** Prefixes whose addresses carry an IPv4 address in their last four bytes: judged by it. */
const CARRIES_V4: ReadonlyArray<[number[], number]> = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96], // IPv4-mapped ::ffff:a.b.c.d
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96], // IPv4-compatible ::a.b.c.d (and :: and ::1, refused below)
  [[0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96], // SIIT IPv4-translated ::ffff:0:a.b.c.d (RFC 2765)
  [[0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96], // NAT64 64:ff9b::a.b.c.d
];

function isPublicV6(bytes: number[]): boolean {
  if (BLOCKED_V6.some(([prefix, bits]) => inRange(bytes, prefix, bits))) return false;
  for (const [prefix, bits] of CARRIES_V4) if (inRange(bytes, prefix, bits)) return isPublicV4(bytes.slice(12));
  // 6to4 2002:a.b.c.d::/48: the IPv4 address of the relay's other end.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicV4(bytes.slice(2, 6));
  return true;
}
