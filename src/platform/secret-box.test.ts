import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSecretBox, loadKeyMaterial } from "./secret-box.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-secret-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const box = createSecretBox(new TextEncoder().encode("a-secret-key-of-at-least-32-characters!"));

describe("secret box", () => {
  it("round-trips text, including non-ASCII and empty text, as URL-safe base64", () => {
    for (const plain of ["12345", "héllo wörld ⚽", "", "x".repeat(5000)]) {
      const sealed = box.encrypt(plain);
      expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(box.decrypt(sealed)).toBe(plain);
    }
  });

  it("uses a fresh IV: the same text encrypts differently each time", () => {
    expect(box.encrypt("same")).not.toBe(box.encrypt("same"));
  });

  it("refuses tampered, truncated, garbage input and another key's output", () => {
    const sealed = box.encrypt("member 42");
    const raw = Buffer.from(sealed, "base64url");
    for (const i of [0, 5, 20, raw.length - 1]) {
      const bad = Buffer.from(raw);
      bad[i]! ^= 0x01;
      expect(box.decrypt(bad.toString("base64url"))).toBeNull();
    }
    expect(box.decrypt(sealed.slice(0, -4))).toBeNull();
    expect(box.decrypt("")).toBeNull();
    expect(box.decrypt("not base64 at all!")).toBeNull();
    expect(box.decrypt("AAAA")).toBeNull();
    const other = createSecretBox(new TextEncoder().encode("another-secret-key-of-32-characters-or-more"));
    expect(other.decrypt(sealed)).toBeNull();
  });

  it("keeps a generated key in DATA_DIR/secret.key (0600) and reuses it", () => {
    const dir = tempDir();
    const first = loadKeyMaterial({ dataDir: dir });
    const file = path.join(dir, "secret.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBe(32);
    const again = loadKeyMaterial({ dataDir: dir });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    const sealed = createSecretBox(first).encrypt("survives restarts");
    expect(createSecretBox(again).decrypt(sealed)).toBe("survives restarts");
    expect(readFileSync(file, "utf8").trim().length).toBeGreaterThan(40);
  });

  it("prefers SECRET_KEY and writes no file then; refuses a damaged key file", () => {
    const dir = tempDir();
    const material = loadKeyMaterial({ dataDir: dir, secretKey: "k".repeat(32) });
    expect(Buffer.from(material).toString()).toBe("k".repeat(32));
    expect(() => statSync(path.join(dir, "secret.key"))).toThrow();
    writeFileSync(path.join(dir, "secret.key"), "short");
    expect(() => loadKeyMaterial({ dataDir: dir })).toThrow(/secret\.key/);
  });
});
