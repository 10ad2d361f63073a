/**
 * Backups (issue 11, proof suite "Backups"): `npm run backup` copies the database of a running
 * server while members go on writing; the copy passes integrity_check and holds every write
 * acknowledged before the backup started. `npm run restore` refuses while the server runs, then,
 * with the server stopped, puts the copy (and the pictures) back, keeping the replaced file aside;
 * a server started on it serves the data over HTTP.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "#support/mail-sink.ts";
import { api, bearer, qs, registerAndConfirm, ROOT, type RunningServer, startServer } from "#support/server.ts";

let sink: MailSink;
const started: RunningServer[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-backup-"));
const backupDir = mkdtempSync(path.join(os.tmpdir(), "sideline-backups-"));

beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(async () => {
  for (const s of started) await s.stop();
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});

async function start() {
  const server = await startServer({ smtpUrl: sink.url, dataDir });
  started.push(server);
  return server;
}

/** `npm run <script> [file]` on the test's DATA_DIR, without blocking the event loop (the write load goes on meanwhile). */
function npmRun(script: "backup" | "restore", ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (out += s));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, out }));
  });
}

/** Reads a SQLite file (a backup) directly. */
function readDb<T>(file: string, read: (db: BetterSqlite.Database) => T): T {
  const db = new BetterSqlite(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const postsIn = (db: BetterSqlite.Database, memberId: number) =>
  new Map(
    (db.prepare("select id, description from post where member_id = ?").all(memberId) as Array<{ id: number; description: string }>).map(
      (r) => [r.id, r.description],
    ),
  );

describe("npm run backup and npm run restore", () => {
  it("copies a database under write load, and a stopped server's data dir comes back from the copy", { timeout: 60_000 }, async () => {
    const first = await start();
    const member = await registerAndConfirm(first.baseUrl, sink);
    const c = api(first.baseUrl);
    // A picture, so the uploads folder has something to copy.
    const form = new FormData();
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#2b8a3e" } })
      .png()
      .toBuffer();
    form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
    const uploaded = await fetch(`${first.baseUrl}/api/member/UploadProfilePhoto/${member.memberId}`, {
      method: "POST",
      headers: bearer(member.accessToken),
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { picturePath } = (await uploaded.json()) as { picturePath: string };
    expect((await c.get(picturePath)).status).toBe(200);

    // The write load: posts answered 2xx are acknowledged.
    const posts = new Map<number, string>();
    let running = true;
    const writer = async (w: number) => {
      for (let i = 0; running; i++) {
        const text = `before and during the backup ${w}-${i}`;
        const res = await c.post(`/api/member/SavePosts/${member.memberId}/0${qs({ postMsg: text })}`, {
          headers: bearer(member.accessToken),
        });
        if (res.status === 200) posts.set(Number(res.json.postID), text); // the original answers ids as text
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    const deadline = Date.now() + 20_000;
    while (posts.size < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(posts.size).toBeGreaterThanOrEqual(100);

    const acknowledgedBefore = new Map(posts);
    const file = path.join(backupDir, "nightly.db");
    const backedUp = await npmRun("backup", file);
    const duringBackup = posts.size - acknowledgedBefore.size;
    running = false;
    await Promise.all(writers);
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(backedUp.out).toContain(`backup written: ${file} (integrity ok)`);
    // The writes went on while the copy was taken.
    expect(duringBackup).toBeGreaterThan(0);

    const inBackup = readDb(file, (db) => {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      return postsIn(db, member.memberId);
    });
    const missing = [...acknowledgedBefore].filter(([id, text]) => inBackup.get(id) !== text);
    expect(missing, `${missing.length} posts acknowledged before the backup are not in it`).toEqual([]);
    // A consistent snapshot: whatever it holds of the load was acknowledged (no half-written post).
    for (const [id, text] of inBackup) if (posts.has(id)) expect(text).toBe(posts.get(id));
    const pictureFile = path.basename(picturePath);
    expect(
      readdirSync(path.join(backupDir, "nightly.uploads"), { recursive: true })
        .map(String)
        .some((f) => f.endsWith(pictureFile)),
    ).toBe(true);
    // Posts written after the copy was taken, so the restore visibly goes back in time.
    const later = await c.post(`/api/member/SavePosts/${member.memberId}/0${qs({ postMsg: "after the backup" })}`, {
      headers: bearer(member.accessToken),
    });
    expect(later.status).toBe(200);

    // Without a file name: a timestamped copy under DATA_DIR/backups.
    const plain = await npmRun("backup");
    expect(plain.code, plain.out).toBe(0);
    const [named] = readdirSync(path.join(dataDir, "backups")).filter((f) => /^sideline-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db$/.test(f));
    expect(named).toBeDefined();
    expect(readDb(path.join(dataDir, "backups", named!), (db) => db.pragma("integrity_check", { simple: true }))).toBe("ok");

    // While the server runs, restore refuses and changes nothing.
    const refused = await npmRun("restore", file);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/is in use .*stop the server first, nothing was changed/);
    expect(
      (await c.get(`/api/member/getRecentPosts/${member.memberId}${qs({ limit: 1 })}`, { headers: bearer(member.accessToken) })).json[0]
        .description,
    ).toBe("after the backup");
    // A damaged backup is refused too.
    const damaged = path.join(backupDir, "damaged.db");
    await import("node:fs/promises").then((fs) => fs.writeFile(damaged, "not a database"));
    expect((await npmRun("restore", damaged)).out).toMatch(/failed its integrity check, nothing was changed/);

    await first.stop();
    const restored = await npmRun("restore", file);
    expect(restored.code, restored.out).toBe(0);
    const aside = readdirSync(dataDir).find((f) => f.startsWith("sideline.db.before-restore-"));
    expect(aside, restored.out).toBeDefined();
    expect(existsSync(path.join(dataDir, "sideline.db-wal"))).toBe(false);
    // The replaced database is kept whole, with the post written after the backup.
    expect(
      readDb(path.join(dataDir, aside!), (db) =>
        db.prepare("select count(*) from post where description = 'after the backup'").pluck().get(),
      ),
    ).toBe(1);

    // A server on the restored directory: the member signs in and reads the backed-up posts and picture.
    const second = await start();
    const c2 = api(second.baseUrl);
    const login = await c2.post("/api/account/login", { body: { email: member.email, password: member.password } });
    expect(login.json?.memberID, login.text).toBe(String(member.memberId));
    const token = login.json.accessToken as string;
    const feed = await c2.get(`/api/member/getRecentPosts/${member.memberId}${qs({ limit: 50 })}`, { headers: bearer(token) });
    expect(feed.status).toBe(200);
    expect(feed.json).toHaveLength(50);
    for (const p of feed.json) expect(p.description).toBe(inBackup.get(Number(p.postID)));
    expect(feed.json.some((p: { description: string }) => p.description === "after the backup")).toBe(false);
    expect((await c2.get(picturePath)).status).toBe(200);
  });
});
