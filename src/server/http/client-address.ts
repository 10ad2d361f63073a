/**
 * The client's address behind `trustedProxies` reverse proxies: each proxy appends the address it
 * was reached from, so the last `trustedProxies` entries of X-Forwarded-For are trustworthy and the
 * right-most of them is the client (Express's "trust proxy" count). Entries further left are
 * whatever the client sent, so a client cannot choose its own address. "" when there is no header.
 */
export function forwardedClient(header: string | undefined, trustedProxies: number): string {
  if (!header || trustedProxies < 1) return "";
  const hops = header
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return hops[Math.max(0, hops.length - trustedProxies)] ?? "";
}
