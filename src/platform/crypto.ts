import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** A random token of 160 bits, base32 (lower case): for sessions and links in e-mails. */
export function newToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Letters and digits a person can read and type without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A random code a person types from an e-mail (8 symbols, about 40 bits; guesses are rate-limited). */
export function newTypedCode(length = 8): string {
  const out: string[] = [];
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      // Rejection sampling keeps every symbol equally likely.
      if (b < 256 - (256 % CODE_ALPHABET.length) && out.length < length) out.push(CODE_ALPHABET[b % CODE_ALPHABET.length]!);
    }
  }
  return out.join("");
}

/** SHA-256 hex: how tokens and codes are stored, so a database leak reveals none of them. */
export function sha256Hex(value: string): string {
  // Native: every request with a token hashes it (Bun's own hasher is the quicker there).
  return typeof Bun !== "undefined"
    ? Bun.CryptoHasher.hash("sha256", value, "hex")
    : createHash("sha256").update(value, "utf8").digest("hex");
}

// OWASP's recommended Argon2id parameters (19 MiB, 2 iterations, 1 lane).
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** The Argon2 binding, loaded with the first password to hash or check rather than at start-up. */
const argon2 = () => import("@node-rs/argon2");

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-" + newToken());
  return dummyHash;
}
