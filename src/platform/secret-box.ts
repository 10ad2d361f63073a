import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Authenticated encryption of short texts with the server's key (common/EncryptString and
 * DecryptString): AES-256-GCM, a fresh 96-bit IV per message, the output as URL-safe base64 of
 * version byte | IV | ciphertext | tag. Anyone may ask the server to encrypt (the action is public),
 * so a ciphertext proves nothing about who made it; it only hides and protects the text.
 */
export interface SecretBox {
  encrypt: (plain: string) => string;
  /** The text, or null when the input was not made by this key (tampered, truncated, garbage). */
  decrypt: (token: string) => string | null;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = "sideline/secret-box/v1";

/** The 256-bit key for the box, derived (HKDF-SHA256) from the key material so it serves this purpose only. */
export function deriveBoxKey(material: Uint8Array): Buffer {
  return Buffer.from(hkdfSync("sha256", material, "sideline", HKDF_INFO, 32));
}

export function createSecretBox(material: Uint8Array): SecretBox {
  const key = deriveBoxKey(material);
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString("base64url");
    },
    decrypt(token) {
      const text = token.trim();
      if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
      const raw = Buffer.from(text, "base64url");
      if (raw.length < 1 + IV_BYTES + TAG_BYTES || raw[0] !== VERSION) return null;
      const iv = raw.subarray(1, 1 + IV_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      const body = raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([decipher.update(body), decipher.final()]);
        return new TextDecoder("utf-8", { fatal: true }).decode(plain);
      } catch {
        return null;
      }
    },
  };
}

/**
 * Signatures for links that grant something without a session (the unsubscribe link of a
 * notification e-mail). Its own key, derived under another name than the secret box's: the box
 * encrypts whatever anyone asks (common/EncryptString is public), so its output must never be
 * taken as proof that the server issued it.
 */
export interface LinkSigner {
  /** A URL-safe signature of the text. */
  sign: (text: string) => string;
  verify: (text: string, signature: string) => boolean;
}

export function createLinkSigner(material: Uint8Array): LinkSigner {
  const key = Buffer.from(hkdfSync("sha256", material, "sideline", "sideline/link-signer/v1", 32));
  const mac = (text: string) => createHmac("sha256", key).update(text, "utf8").digest();
  return {
    sign: (text) => mac(text).toString("base64url"),
    verify(text, signature) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
      return timingSafeEqual(mac(text), Buffer.from(signature, "base64url"));
    },
  };
}

/**
 * The server's key material: SECRET_KEY when set, else 32 random bytes kept in DATA_DIR/secret.key
 * (mode 0600), made on first start so ciphertexts survive restarts.
 */
export function loadKeyMaterial(options: { secretKey?: string; dataDir: string }): Uint8Array {
  if (options.secretKey) return new TextEncoder().encode(options.secretKey);
  const file = path.join(options.dataDir, "secret.key");
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // "wx": when two processes start at once, the first one's key wins and the other reads it.
    writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  chmodSync(file, 0o600);
  const made = readKeyFile(file);
  if (!made) throw new Error(`${file} does not hold a usable key (32 bytes, base64): remove it to make a new one.`);
  return made;
}

function readKeyFile(file: string): Uint8Array | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const bytes = Buffer.from(text, "base64");
  if (bytes.length < 32) throw new Error(`${file} does not hold a usable key (32 bytes, base64): remove it to make a new one.`);
  return new Uint8Array(bytes);
}
