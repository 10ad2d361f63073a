/**
 * fast-check arbitraries for hostile input: values of the wrong type, huge and oddly encoded
 * strings, overflowing ids, broken JSON and multipart bodies, wrong content types, garbage in
 * paths and query strings. Nothing here knows an endpoint: the suites pass in the field names and
 * the ids worth trying.
 */
import fc from "fast-check";

/** Strings every field should survive. */
export const EDGE_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\r\n",
  "null",
  "undefined",
  "true",
  "false",
  "NaN",
  "Infinity",
  "-Infinity",
  "0",
  "-0",
  "-1",
  "1.5",
  "1e308",
  "-1e308",
  "1e-400",
  "1e999",
  "0x7fffffff",
  "0b1",
  "1_000",
  "+1",
  "00000000000000000001",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "18446744073709551616",
  "99999999999999999999999999999",
  "\u0663",
  "\uff11\uff12",
  "\u00b2",
  "12abc",
  " 12 ",
  "1 2",
  "' OR '1'='1",
  "1; DROP TABLE member; --",
  '"',
  "\\",
  "%",
  "%00",
  "%ZZ",
  "%ED%A0%80",
  "../../etc/passwd",
  "..\\..\\win.ini",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "toString",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(64),
  // Lone surrogates, a reversed pair, a pair cut in half.
  "\ud800",
  "\udc00",
  "x\udbffy",
  "\udfff\ud800",
  "🏈".slice(0, 1),
  // Bidirectional overrides and marks, zero-width characters, the byte order mark.
  "\u202eevil\u202c",
  "\u200f\u05e9\u05dc\u05d5\u05dd\u200e",
  "\u200b\u200c\u200d\u2060",
  "\ufeff",
  "\ufffe\uffff",
  // Emoji sequences joined by ZWJ, flags, skin tones, keycaps.
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "👩🏽‍🚀",
  "1️⃣",
  "🇺🇸🇨🇦",
  // Combining marks stacked high, case folding and width surprises, line and paragraph separators.
  "e\u0301\u0302\u0303\u0304\u0305\u0306\u0307",
  "Z\u0351\u036b\u0343\u036a\u0302\u036b",
  "İıßǅﬃ",
  "\u2028\u2029\u0085",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "\u{10ffff}",
  "\u{e0001}\u{e0041}",
  // Full-text query syntax (FTS5 MATCH) and LIKE wildcards.
  '"unterminated',
  "NEAR(a b)",
  "a OR",
  "AND",
  "NOT x",
  "col:val",
  "*",
  "a*b",
  "^a",
  "-a",
  "(a",
  "a)",
  "{a b}:c",
  "%_%",
  "\\%",
  // Dates and years at and past the edges.
  "0000",
  "9999",
  "275761",
  "-271821",
  "2026-02-30",
  "1900-01-01",
  "13",
  "32",
  "Feb",
  "0/0/0",
  "select",
  "Pres",
  "All",
  "UnRead",
  "Sent",
  "draft",
  "polish",
  "CA",
  "ca ",
  "Female",
  "Coach",
  "a@b",
  "@",
  "x@example.com",
  "X@EXAMPLE.COM ",
  "a@b@c",
  "mailto:x@example.com",
  '"a b"@example.com',
  "a@[127.0.0.1]",
  "\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a",
  "\u0130@example.com",
  `${"a".repeat(64)}@${"b".repeat(250)}.com`,
  "x@example.com\r\nBcc: y@example.com",
  "http://",
  "https://evil.example/login",
  "//evil.example",
  "data:text/html,<script>alert(1)</script>",
  "A".repeat(151),
  "a".repeat(2_001),
  "é".repeat(5_001),
];

/** Numbers that overflow, underflow or are not integers (JSON has no NaN: it goes as null). */
export const EDGE_NUMBERS: readonly number[] = [
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  -1,
  0,
  -0,
  1,
  1.5,
  -2.5,
  0.1,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  5e-324,
  1e21,
  123456789012345680000,
];

/** Id-like texts: overflowing, negative, not a number, padded, in other digits. */
export const EDGE_IDS: readonly string[] = [
  "9223372036854775808",
  "9223372036854775807",
  "18446744073709551615",
  "-1",
  "-0",
  "0",
  "1e308",
  "1e3",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "1.0",
  "0x10",
  "010",
  " 1",
  "1 ",
  "1%00",
  "1;1",
  "1,2",
  "[1]",
  "{}",
  "\u0661",
  "\uff11",
  "",
  "9".repeat(400),
];

const HUGE_UNITS = [" ", "a", "\u0000", "\ud800", "\u202e", "👨‍👩‍👧", "9", "é", "\t", "'", "%", "<"];

/** A string of 60 or 100 K units of one kind (a huge field, under and over a 64 KB body limit). */
export const hugeString = fc
  .record({ unit: fc.constantFrom(...HUGE_UNITS), size: fc.constantFrom(60_000, 100_000) })
  .map(({ unit, size }) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size));

/**
 * A backtracking probe: something a pattern may accept at first (a number, feet and inches, a
 * date, an address), then a long run of whitespace, then a character that makes the match fail.
 * Patterns with adjacent `\s*` around optional groups take quadratic time on these.
 */
export const backtrackProbe = fc
  .record({
    prefix: fc.constantFrom("", "1", "180", "6'1", "6' 1\"", "5/17", "a@b", "http://a", "+1", "Pres", "a"),
    space: fc.constantFrom(" ", "\t", "\u00a0", "\u2003", "\n", " \t"),
    size: fc.constantFrom(60_000, 100_000),
    suffix: fc.constantFrom("x", "!", "'", "\u0000", ""),
  })
  .map(({ prefix, space, size, suffix }) => prefix + space.repeat(Math.ceil(size / space.length)) + suffix);

/**
 * The probes every field gets once (tests/hostile/*.test.ts, "backtracking probe"): 60,000 spaces
 * (a JSON body of one such field stays under a 64 KB limit) behind nothing, a number (weights) and
 * feet and inches (heights), then an "x". A quadratic pattern needs seconds for one of these; the
 * answer has 1 s.
 */
export const BACKTRACK_PROBES: readonly string[] = ["", "180", "6'1"].map((prefix) => `${prefix}${" ".repeat(60_000)}x`);

/** Any text, from edge cases to random code points (lone surrogates included); `huge`: 40-100 KB ones too. */
export const hostileText = (ids: readonly string[], huge = true) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
    { weight: 6, arbitrary: fc.constantFrom(...EDGE_IDS, ...ids) },
    { weight: 6, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
    { weight: huge ? 1 : 0, arbitrary: hugeString },
    { weight: huge ? 1 : 0, arbitrary: backtrackProbe },
  );

/** Nested arrays or objects this deep (a stack, a recursion or a JSON depth limit). */
export const deepValue = fc
  .record({ depth: fc.integer({ min: 2, max: 300 }), kind: fc.constantFrom("array", "object") })
  .map(({ depth, kind }) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = kind === "array" ? [v] : { a: v };
    return v;
  });

/** A JSON value for one field: of any type, often the wrong one. */
export const hostileValue = (ids: readonly string[], huge = true): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 8, arbitrary: hostileText(ids, huge) },
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...ids.map(Number).filter((n) => Number.isFinite(n))) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constant([]),
        fc.constant({}),
        fc.array(fc.oneof(fc.constantFrom(...EDGE_STRINGS), fc.integer(), fc.constant(null)), { maxLength: 5 }),
        fc.dictionary(fc.constantFrom("a", "id", "value", "__proto__", "0"), fc.constantFrom(...EDGE_STRINGS), { maxKeys: 3 }),
        deepValue,
        fc.jsonValue({ maxDepth: 3 }),
      ),
    },
  );

/** The field names an endpoint reads (`own`), and those other endpoints read. */
export interface FieldNames {
  own: readonly string[];
  others: readonly string[];
}

/** Field names worth sending: the ones an endpoint reads, in other spellings too, and others. */
export const fieldName = ({ own: names, others }: FieldNames) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...names) },
    { weight: others.length > 0 ? 2 : 0, arbitrary: fc.constantFrom("x", ...others) },
    {
      weight: 1,
      arbitrary: fc
        .record({ name: fc.constantFrom(...names), how: fc.constantFrom("upper", "lower", "padded", "nul") })
        .map(({ name, how }) =>
          how === "upper" ? name.toUpperCase() : how === "lower" ? name.toLowerCase() : how === "padded" ? ` ${name}\t` : `${name}\u0000`,
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "", " ", "\u0000", "🏈", "a".repeat(1_000), "x-extra"),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  );

/** An object with some of the named fields (and others), each holding a hostile value. */
export const hostileObject = (names: FieldNames, ids: readonly string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.array(fc.tuple(fieldName(names), hostileValue(ids)), { maxLength: 8 }).map((pairs) => Object.fromEntries(pairs)),
    },
    // Every named field at once (extra fields included), each with a short value of any type.
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.oneof(
            fc.constantFrom(...EDGE_STRINGS.filter((s) => s.length < 200)),
            fc.constantFrom(...EDGE_NUMBERS),
            fc.constantFrom(...ids),
            fc.boolean(),
            fc.constant(null),
          ),
          { minLength: names.own.length, maxLength: names.own.length },
        )
        .map((values) => Object.fromEntries(names.own.map((n, i) => [n, values[i]]))),
    },
  );

// ---------------------------------------------------------------------------------------------
// Encodings

const utf8 = new TextEncoder();

/**
 * Percent-encoding that also sends what encodeURIComponent refuses: a lone surrogate goes as its
 * WTF-8 bytes (%ED%A0%80), which no UTF-8 decoder accepts.
 */
export function percentEncode(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

/** A value as form or query text (objects as JSON, as a careless client would send them). */
export const asText = (v: unknown) => (typeof v === "string" ? v : v === undefined ? "" : (JSON.stringify(v) ?? ""));

export const formEncode = (pairs: ReadonlyArray<readonly [string, unknown]>) =>
  pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(asText(v))}`).join("&");

/** Query strings no form would produce. */
export const GARBAGE_QUERIES: readonly string[] = [
  "?",
  "?&&&",
  "?=",
  "?==&=",
  "?%",
  "?%%",
  "?a=%",
  "?a=%Z",
  "?a=%E0%A4%A",
  "?%ED%A0%80=%ED%A0%80",
  "?a=1&a=2&A=3",
  "?a[b]=1&a[c]=2",
  "?__proto__[x]=1",
  "?constructor=1",
  "?%00=%00",
  "?a=+%2B+",
  "?;;;",
  "?#frag",
  `?x=${"%41".repeat(3_000)}`,
  `?${"a=1&".repeat(2_000)}`,
];

/** Path segments in place of an id. */
export const hostileSegment = (ids: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_IDS.filter((s) => s !== "")).map(percentEncode) },
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "%00",
        "%ZZ",
        "%",
        "..",
        "%2e%2e",
        "%2F",
        "%5C",
        "%ED%A0%80",
        "%E2%80%AE",
        "%F0%9F%8F%88",
        "%20",
        "%09",
        ";",
        ",",
        "~",
        "x".repeat(5_000),
        "1".repeat(2_000),
        "%25",
        "%252F",
        "?",
        "%3F",
        "%23",
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }).map(percentEncode) },
  );

/** A request body and the Content-Type it goes with (absent when none is sent). */
export interface WireBody {
  kind: string;
  contentType?: string;
  body: string | Uint8Array<ArrayBuffer>;
}

/** Bodies that claim JSON and are not, or are JSON of the wrong shape. */
export const BROKEN_JSON: readonly string[] = [
  "{",
  "}",
  "[",
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  "{a:1}",
  "nul",
  "tru",
  "undefined",
  "NaN",
  '{"a":NaN}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  "\u0000",
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":1e99999}',
  '{"a":-0.0000000000000000000000000001e-999999}',
  "\ufeff{}",
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{}}}',
  '{"a":1,"a":2,"A":3}',
  `{"a":${"1".repeat(10_000)}}`,
  `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
  `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`,
  `${"[".repeat(100_000)}`,
  '"\\',
  "[1,2,3",
  '"just a string"',
  "42",
  "-1",
  "1e308",
  "true",
  "null",
  "[]",
  "[{}]",
  '""',
];

const bytes = (...list: number[]) => Uint8Array.from(list);

/** Bytes that are not UTF-8 (overlong NUL, surrogates, stray continuation bytes, truncated sequences). */
export const INVALID_UTF8: readonly Uint8Array<ArrayBuffer>[] = [
  bytes(0xff, 0xfe, 0xfd),
  bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d), // {"a":"<overlong NUL>"}
  bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d), // {"a":"<surrogate>"}
  bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d), // truncated sequence
  bytes(0x80, 0x80, 0x80),
  bytes(0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d), // UTF-16 BOM and text
];

const CRLF = "\r\n";

/** A multipart body as a client writes it, with the fields and maybe a file part. */
function multipartOf(
  boundary: string,
  pairs: ReadonlyArray<readonly [string, unknown]>,
  file?: { name: string; bytes: string; type: string },
): string {
  let out = "";
  for (const [k, v] of pairs)
    out += `--${boundary}${CRLF}Content-Disposition: form-data; name="${k.replace(/"/g, "%22")}"${CRLF}${CRLF}${asText(v)}${CRLF}`;
  if (file) {
    out += `--${boundary}${CRLF}Content-Disposition: form-data; name="${file.name}"; filename="x.png"${CRLF}Content-Type: ${file.type}${CRLF}${CRLF}${file.bytes}${CRLF}`;
  }
  return `${out}--${boundary}--${CRLF}`;
}

/** File contents that claim to be pictures. */
const FAKE_FILES = [
  "",
  "\x89PNG\r\n\x1a\n",
  "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xff\xff\xff\xff\xff\xff\xff\x08\x06\0\0\0",
  "GIF89a\xff\xff\xff\xff",
  "\xff\xd8\xff\xe0\0\x10JFIF",
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg>&b;</svg>',
  "RIFF\0\0\0\0WEBPVP8 ",
  "not an image at all",
];

/** Multipart bodies that break the format in one way or another. */
export const brokenMultipart = fc.constantFrom<WireBody>(
  { kind: "multipart without boundary", contentType: "multipart/form-data", body: multipartOf("b0undary", [["a", "1"]]) },
  { kind: "multipart with empty boundary", contentType: "multipart/form-data; boundary=", body: "--\r\n\r\n----\r\n" },
  {
    kind: "multipart with wrong boundary",
    contentType: "multipart/form-data; boundary=other",
    body: multipartOf("b0undary", [["a", "1"]]),
  },
  {
    kind: "multipart cut short",
    contentType: "multipart/form-data; boundary=b0undary",
    body: multipartOf("b0undary", [["a", "1"]]).slice(0, 40),
  },
  {
    kind: "multipart without closing boundary",
    contentType: "multipart/form-data; boundary=b0undary",
    body: `--b0undary${CRLF}Content-Disposition: form-data; name="image"; filename="a.png"${CRLF}${CRLF}\x89PNG`,
  },
  {
    kind: "multipart part without headers",
    contentType: "multipart/form-data; boundary=b0undary",
    body: `--b0undary${CRLF}${CRLF}value${CRLF}--b0undary--${CRLF}`,
  },
  {
    kind: "multipart part without a name",
    contentType: "multipart/form-data; boundary=b0undary",
    body: `--b0undary${CRLF}Content-Disposition: form-data; filename="a.png"${CRLF}${CRLF}x${CRLF}--b0undary--${CRLF}`,
  },
  {
    kind: "multipart with LF only",
    contentType: "multipart/form-data; boundary=b0undary",
    body: multipartOf("b0undary", [["image", "x"]]).replace(/\r\n/g, "\n"),
  },
  {
    kind: "multipart with a 200-character boundary",
    contentType: `multipart/form-data; boundary=${"b".repeat(200)}`,
    body: multipartOf("b".repeat(200), [["a", "1"]]),
  },
  {
    kind: "multipart with a huge part header",
    contentType: "multipart/form-data; boundary=b0undary",
    body: `--b0undary${CRLF}Content-Disposition: form-data; name="${"n".repeat(100_000)}"${CRLF}${CRLF}x${CRLF}--b0undary--${CRLF}`,
  },
  {
    kind: "multipart with 5,000 parts",
    contentType: "multipart/form-data; boundary=b0undary",
    body: multipartOf(
      "b0undary",
      Array.from({ length: 5_000 }, (_, i) => [`f${i}`, "v"] as const),
    ),
  },
  {
    kind: "multipart nested mixed",
    contentType: "multipart/form-data; boundary=b0undary",
    body: `--b0undary${CRLF}Content-Type: multipart/mixed; boundary=inner${CRLF}${CRLF}--inner${CRLF}${CRLF}x${CRLF}--inner--${CRLF}--b0undary--${CRLF}`,
  },
  {
    kind: "multipart with quoted boundary and charset",
    contentType: 'multipart/form-data; charset=utf-16; boundary="b0 undary"',
    body: multipartOf("b0 undary", [["a", "\ud800"]]),
  },
  { kind: "multipart empty", contentType: "multipart/form-data; boundary=b0undary", body: "" },
  {
    kind: "multipart with invalid bytes",
    contentType: "multipart/form-data; boundary=b0undary",
    body: bytes(
      ...utf8.encode(`--b0undary${CRLF}Content-Disposition: form-data; name="image"; filename="\xff.png"${CRLF}${CRLF}`),
      0xff,
      0xc0,
      0x80,
      ...utf8.encode(`${CRLF}--b0undary--${CRLF}`),
    ),
  },
);

/** A well-formed multipart body with hostile field values and maybe a fake picture. */
export const hostileMultipart = (names: FieldNames, ids: readonly string[]) =>
  fc
    .record({
      pairs: fc.array(fc.tuple(fieldName({ own: [...names.own, "image"], others: names.others }), hostileText(ids)), { maxLength: 4 }),
      file: fc.option(
        fc.record({
          name: fc.constantFrom("image", "Image", "file", "photo"),
          bytes: fc.constantFrom(...FAKE_FILES),
          type: fc.constantFrom("image/png", "image/svg+xml", "text/html", "application/octet-stream", ""),
        }),
      ),
    })
    .map(({ pairs, file }): WireBody => ({
      kind: "multipart",
      contentType: "multipart/form-data; boundary=hostileBoundary",
      body: multipartOf("hostileBoundary", pairs, file ?? undefined),
    }));

/** Content types that do not match the body, or are not content types at all. */
export const WRONG_CONTENT_TYPES: readonly string[] = [
  "text/plain",
  "application/xml",
  "text/html",
  "application/octet-stream",
  "application/json; charset=utf-16",
  'application/json; charset="bogus"',
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/jsonx",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json, text/plain",
  "*/*",
  ";;;",
  'application/json\t; x="',
  "x".repeat(4_000),
];

/** A body of any of the hostile kinds, for an endpoint reading `names`. */
export const hostileBody = (names: FieldNames, ids: readonly string[]): fc.Arbitrary<WireBody | null> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    {
      weight: 7,
      arbitrary: hostileObject(names, ids).map((o): WireBody => ({
        kind: "json object",
        contentType: "application/json",
        body: JSON.stringify(o),
      })),
    },
    {
      weight: 1,
      arbitrary: hostileValue(ids).map((v): WireBody => ({
        kind: "json value",
        contentType: "application/json",
        body: JSON.stringify(v) ?? "",
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...BROKEN_JSON).map((b): WireBody => ({ kind: "broken json", contentType: "application/json", body: b })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...INVALID_UTF8)
        .map((b): WireBody => ({ kind: "invalid utf-8", contentType: "application/json", body: b })),
    },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(fieldName(names), hostileValue(ids)), { maxLength: 6 })
        .map((pairs): WireBody => ({ kind: "form", contentType: "application/x-www-form-urlencoded", body: formEncode(pairs) })),
    },
    { weight: 1, arbitrary: hostileMultipart(names, ids) },
    { weight: 2, arbitrary: brokenMultipart },
    {
      weight: 2,
      arbitrary: fc
        .record({ type: fc.option(fc.constantFrom(...WRONG_CONTENT_TYPES)), object: hostileObject(names, ids) })
        .map(({ type, object }): WireBody => ({
          kind: `json as ${type ?? "no content type"}`,
          contentType: type ?? undefined,
          body: JSON.stringify(object),
        })),
    },
  );

/** A query string: named fields with hostile values, or garbage. */
export const hostileQuery = (names: FieldNames, ids: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    {
      weight: 5,
      arbitrary: fc
        .array(
          fc.tuple(fieldName(names), fc.oneof({ weight: 19, arbitrary: hostileValue(ids, false) }, { weight: 1, arbitrary: hugeString })),
          { maxLength: 5 },
        )
        .map((pairs) => (pairs.length ? `?${formEncode(pairs)}` : "")),
    },
    { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_QUERIES) },
  );

/** Shortens long strings for a readable report (a failing 100 KB value prints as its start and length). */
export function abbreviate(s: string, max = 160): string {
  // Runs of one character print as the character and a count: "6'1" + 40,000 spaces + "x" stays readable.
  const short = s.replace(/([\s\S])\1{15,}/gu, (run, c: string) => `${c}⟨×${run.length / c.length}⟩`);
  const printable = JSON.stringify(short.length > max ? short.slice(0, max) : short);
  return short.length > max || short !== s ? `${printable}…(${s.length} chars)` : printable;
}
