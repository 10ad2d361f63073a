import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "./public-address.ts";

/**
 * Fetching a URL someone typed (admins' news feeds) without letting it reach the server's own
 * machine or network (SSRF): http(s) only, no credentials in the URL, web ports only (isWebPort),
 * and every address connected to must be public (isPublicAddress); each redirect is checked the same way; the time and the body
 * size are bounded. The connection goes to the checked address itself (send), so no second DNS
 * resolution (a rebinding DNS server) can answer another one: node:http(s) rather than fetch, which
 * cannot be told which address to use; and no custom `lookup`, which Bun skips for "localhost" (tried).
 */

export class UnsafeUrlError extends Error {}
/** A URL on a port that is not fetched (isWebPort): its own class so a form can say which rule it broke. */
export class UnsafePortError extends UnsafeUrlError {}

/**
 * The ports a typed URL may name (decision 042, review of 2026-11-27, third pass): the web's and
 * their usual alternates, so a URL cannot aim the server at another service (a database, a cache,
 * a mail server) on a public address. The operator's own NEWS_FEEDS may name any port.
 */
const WEB_PORTS: ReadonlySet<number> = new Set([80, 443, 8080, 8443]);
export const isWebPort = (port: number): boolean => WEB_PORTS.has(port);
/** The port a URL connects to: the one it names, else its scheme's. */
export const portOf = (url: URL): number => Number(url.port || (url.protocol === "https:" ? 443 : 80));

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** Which resolved addresses may be connected to; tests allow their local server here. */
  isAllowedAddress?: (address: string) => boolean;
  /** Which ports may be connected to, redirects included: isWebPort unless the caller widens it. */
  isAllowedPort?: (port: number) => boolean;
}

/** The URL, if it is http(s) without a user name or password, on an allowed port; UnsafeUrlError otherwise. */
export function checkUrlShape(text: string, isAllowedPort: (port: number) => boolean = isWebPort): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeUrlError(`not a URL: ${text}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UnsafeUrlError(`not an http(s) URL: ${text}`);
  if (url.username || url.password) throw new UnsafeUrlError(`a URL with credentials is not fetched: ${url.host}`);
  if (!isAllowedPort(portOf(url))) throw new UnsafePortError(`port ${portOf(url)} is not fetched: ${url.host}`);
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * Checks a URL before it is saved: its shape, and that its host is not, or does not resolve to, a
 * non-public address. A name that does not resolve now passes (the fetch checks again when it runs).
 */
export async function checkPublicUrl(text: string, isAllowed = isPublicAddress): Promise<void> {
  const url = checkUrlShape(text);
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  if (addresses.some((a) => !isAllowed(a))) throw new UnsafeUrlError(`${url.host} is not a public address`);
}

/**
 * The address to connect to for this host: the host itself when it is an address, else the first
 * allowed one it resolves to; UnsafeUrlError when there is none.
 */
async function allowedAddress(host: string, isAllowed: (address: string) => boolean): Promise<string> {
  const found = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  const address = found.find(isAllowed);
  if (address === undefined) throw new UnsafeUrlError(`${host} is not a public address`);
  return address;
}

/** The body of a URL as text, following at most `maxRedirects` redirects, each checked. */
export async function safeFetchText(text: string, options: SafeFetchOptions = {}): Promise<string> {
  const {
    timeoutMs = 10_000,
    maxBytes = 2_000_000,
    maxRedirects = 3,
    headers = {},
    isAllowedAddress = isPublicAddress,
    isAllowedPort = isWebPort,
  } = options;
  const deadline = Date.now() + timeoutMs;
  let url = checkUrlShape(text, isAllowedPort);
  for (let hop = 0; ; hop++) {
    const address = await allowedAddress(hostOf(url), isAllowedAddress);
    const res = await send(url, address, headers, deadline - Date.now());
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= maxRedirects) throw new Error(`${text}: too many redirects`);
      url = checkUrlShape(new URL(res.headers.location, url).href, isAllowedPort);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new Error(`${url.href} answered ${status}`);
    }
    return readBounded(res, url.href, maxBytes, deadline);
  }
}

/**
 * One GET to the address checked, not to the name: the Host header and TLS server name (and so
 * the certificate check) stay the URL's, and no second resolution can answer another address.
 */
function send(url: URL, address: string, headers: Record<string, string>, remainingMs: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (remainingMs <= 0) return reject(new Error(`${url.href}: timed out`));
    const https = url.protocol === "https:";
    const host = hostOf(url);
    const req = (https ? httpsRequest : httpRequest)(
      {
        host: address,
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: "GET",
        headers: { ...headers, host: url.host, "accept-encoding": "identity" },
        ...(https && !isIP(host) ? { servername: host } : {}),
      },
      resolve,
    );
    const timer = setTimeout(() => req.destroy(new Error(`${url.href}: timed out`)), remainingMs);
    req.on("response", () => clearTimeout(timer));
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

function readBounded(res: IncomingMessage, href: string, maxBytes: number, deadline: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(res.headers["content-length"] ?? 0);
    const tooLarge = () => new Error(`${href} is larger than ${maxBytes} bytes`);
    if (declared > maxBytes) {
      res.destroy();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => res.destroy(new Error(`${href}: timed out`)), Math.max(0, deadline - Date.now()));
    res.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) return void res.destroy(tooLarge());
      chunks.push(chunk);
    });
    res.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    res.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    // Destroyed without an error (the connection dropped): no 'end' will come.
    res.on("close", () => {
      clearTimeout(timer);
      if (!res.complete) reject(new Error(`${href}: the connection closed early`));
    });
  });
}
