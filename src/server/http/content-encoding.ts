/**
 * Content negotiation of Accept-Encoding (RFC 9110 §12.5.3) for the two encodings Sideline sends:
 * brotli is preferred over gzip when the client accepts both (smaller, and every browser that
 * sends `br` decodes it fast). `identity` is always acceptable unless excluded, which we ignore:
 * a client that refuses uncompressed bytes gets them anyway rather than a 406.
 */
export type Encoding = "br" | "gzip";

/** The encodings the header accepts (q > 0), among br and gzip, best first. */
export function acceptedEncodings(header: string | undefined | null): Encoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (e: Encoding) => q.get(e) ?? (e === "gzip" ? q.get("x-gzip") : undefined) ?? q.get("*") ?? 0;
  return (["br", "gzip"] as const).filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a));
}
