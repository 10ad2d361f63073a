/**
 * npm run migrate-to-postgres (issue 14 point 4), in the PostgreSQL pass: a SQLite instance written
 * by the real services (members with passwords and sessions, a profile photo, contacts, a follow,
 * posts, a like, messages, notifications) is copied into a new, empty PostgreSQL database by the
 * script as an operator runs it; the real server then runs on that database: a migrated member
 * signs in (password and kept session), search finds them, the feed shows the posts, the photo is
 * served, new rows get new ids. Running it again refuses and changes nothing; a copy that does not
 * match its source is rolled back.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite from "better-sqlite3";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloneTestDatabase, databaseUrl, dropDatabase, TEST_PG_URL_ENV, testEngine } from "#support/pg.ts";
import { createMember, type TestMember } from "#support/members.ts";
import { api, bearer, openServerDb, ROOT, type RunningServer, startServer } from "#support/server.ts";
import { contextOver } from "#support/service-context.ts";
import { FILLED_BY_MIGRATIONS, MIGRATION_BOOKKEEPING } from "../../scripts/migrate-to-postgres/plan.ts";
import { openSqlite } from "../../src/platform/db/client.ts";
import { migrateToLatest } from "../../src/platform/db/migrator.ts";
import * as contacts from "../../src/domains/contacts/contacts.service.ts";
import * as feed from "../../src/domains/feed/feed.service.ts";
import * as media from "../../src/domains/media/media.service.ts";
import * as messages from "../../src/domains/messages/messages.service.ts";
import { registerNotificationHandlers } from "../../src/domains/notifications/notifications.service.ts";

const onPostgres = testEngine() === "postgres";
const BUN = path.join(ROOT, "node_modules/.bin/bun");
const PASSWORD = "Migrate-me-1";
/** Tables whose rows the services wrote above, compared between the two databases. */
const WRITTEN = ["member", "session", "contact_link", "follow", "post", "post_like", "message", "message_copy", "notification"];

let dataDir: string;
let sqliteFile: string;
let target: { name: string; url: string };
let ada: TestMember;
let ben: TestMember;
let postIds: number[];
let picturePath: string;

/** Members, a photo, contacts, a follow, posts, a like and messages, written by the services into a fresh SQLite instance. */
async function seedSqliteInstance(): Promise<void> {
  const db = await openSqlite(sqliteFile);
  await migrateToLatest(db);
  const { ctx, close } = contextOver(db, dataDir);
  registerNotificationHandlers(ctx);
  try {
    ada = await createMember(db, { firstName: "Ada", lastName: "Quillfeather", password: PASSWORD });
    ben = await createMember(db, { firstName: "Ben", lastName: "Marlowe", password: PASSWORD });
    const cy = await createMember(db, { firstName: "Cy", lastName: "Dunmore" });
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#2266aa" } })
      .png()
      .toBuffer();
    ({ picturePath } = await media.uploadProfilePhoto(ctx, ada, {
      file: { size: png.length, name: "me.png", type: "image/png", bytes: () => Promise.resolve(new Uint8Array(png)) },
    }));
    await contacts.sendRequest(ctx, ada, ben.memberId);
    await contacts.acceptRequest(ctx, ben, ada.memberId);
    await contacts.follow(ctx, cy, ada.memberId);
    postIds = [];
    for (const text of ["Quillfeather's first training", "Match day notes"]) {
      postIds.push((await feed.createPost(ctx, ada, text)).postId);
      // Distinct creation times: the feed breaks a tie of the same millisecond by id, oldest first.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await feed.setLike(ctx, ben, postIds[0]!, true);
    await messages.send(ctx, ada, { toMemberId: ben.memberId, subject: "Kit", body: "Bring the new kit on Saturday." });
    await messages.send(ctx, ben, { toMemberId: ada.memberId, subject: "Re: Kit", body: "Will do." });
  } finally {
    await close();
  }
}

/** An empty database in the C collation on the pass's PostgreSQL server, as docs/operations.md has the operator create it. */
async function createEmptyDatabase(): Promise<{ name: string; url: string }> {
  const server = process.env[TEST_PG_URL_ENV]!;
  const name = `migrate_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`);
  } finally {
    await client.end();
  }
  return { name, url: databaseUrl(server, name) };
}

/** Runs the script as an operator would, into `into` (the test's target by default). */
const migrate = (file?: string, into = target.url) => {
  const run = spawnSync(BUN, ["scripts/migrate-to-postgres.ts", ...(file ? [file] : [])], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, DATABASE_URL: into },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
};

async function countRows(database: string): Promise<Record<string, number>> {
  const db = openServerDb(database);
  try {
    const counts: Record<string, number> = {};
    for (const table of WRITTEN) counts[table] = Number(await db.value(`SELECT count(*) FROM ${table}`));
    return counts;
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  if (!onPostgres) return;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-migrate-"));
  sqliteFile = path.join(dataDir, "sideline.db");
  await seedSqliteInstance();
  target = await createEmptyDatabase();
}, 60_000);

afterAll(async () => {
  if (target) await dropDatabase(process.env[TEST_PG_URL_ENV]!, target.name);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(onPostgres)("npm run migrate-to-postgres", () => {
  it("knows which tables the migrations fill (a freshly migrated database with rows elsewhere is not empty)", async () => {
    const fresh = await cloneTestDatabase();
    const db = openServerDb(fresh.url);
    try {
      const tables = await db.rows<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
      );
      const filled: string[] = [];
      for (const { name } of tables) if (Number(await db.value(`SELECT count(*) FROM ${name}`)) > 0) filled.push(name);
      expect(filled).toEqual([...FILLED_BY_MIGRATIONS, ...MIGRATION_BOOKKEEPING].sort());
    } finally {
      await db.close();
      await fresh.drop();
    }
  });

  let server: RunningServer | undefined;
  afterAll(() => server?.stop());

  it("copies the instance into the empty database, verified, with progress lines", async () => {
    const run = migrate();
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/PostgreSQL: migrated \(2026-11-22-001-accounts, /);
    expect(run.out).toMatch(
      /verified: row counts of \d+ tables, \d+ sampled rows compared column by column, 3 members in the search index/,
    );
    // Not a terminal: plain progress lines, one per table with rows.
    expect(run.err).toMatch(/^copy member \d[\d,]*\/[\d,]+ \d+s$/m);
    expect(run.err).toMatch(/^copied ([\d,]+)\/\1 \d+s$/m);
    const copied = await countRows(target.url);
    expect(copied).toEqual(await countRows(sqliteFile));
    for (const table of WRITTEN) expect(copied[table], table).toBeGreaterThan(0);
  }, 120_000);

  it("serves the copied community: sign-in by password and by a kept session, search, feed, the photo, new ids", async () => {
    server = await startServer({ dataDir, databaseUrl: target.url, startTimeoutMs: 40_000 });
    const c = api(server.baseUrl);

    const login = await c.post("/api/account/login", { body: { email: ada.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    // The legacy login names the picture by its file name.
    expect(login.json).toMatchObject({ memberID: String(ada.memberId), currentStatus: "2", picturePath: path.basename(picturePath) });
    const token = login.json.accessToken as string;
    expect(token).not.toBe("");
    // Ben's session from before the move still signs him in.
    const kept = await c.get(`/api/member/IsMemberActive/${ada.memberId}`, { headers: bearer(ben.token) });
    expect([kept.status, kept.json]).toEqual([200, true]);

    const found = await c.get(`/api/contact/SearchResults?memberID=${ben.memberId}&searchText=quillfeather`, {
      headers: bearer(ben.token),
    });
    expect(found.status).toBe(200);
    expect(found.json.map((r: any) => r.entityName)).toContain("Ada Quillfeather");

    const posts = await c.get(`/api/member/getRecentPosts/${ben.memberId}?limit=10`, { headers: bearer(ben.token) });
    expect(posts.status).toBe(200);
    expect(posts.json.map((p: any) => [p.description, p.likeCounter])).toEqual([
      ["Match day notes", 0],
      ["Quillfeather's first training", 1],
    ]);

    expect((await fetch(server.baseUrl + picturePath)).status).toBe(200);

    // The identity sequences go on after the copied ids.
    const next = await c.post(`/api/member/CreateMemberPost/${ada.memberId}?postMsg=${encodeURIComponent("After the move")}`, {
      headers: bearer(token),
    });
    expect(next.status, next.text).toBe(200);
    expect(Number(next.json.postID)).toBeGreaterThan(Math.max(...postIds));
  }, 90_000);

  it("rolls the whole copy back and exits 3 when the copy does not match its source (a stale search index in the file)", async () => {
    const stale = path.join(dataDir, "stale.db");
    copyFileSync(sqliteFile, stale);
    const file = new BetterSqlite(stale);
    file.prepare("DELETE FROM member_search WHERE rowid = ?").run(ben.memberId);
    file.close();
    const other = await createEmptyDatabase();
    try {
      const run = migrate(stale, other.url);
      expect(run.code).toBe(3);
      expect(run.err).toContain("The copy does not match the source, so it was rolled back (the target is empty again):");
      expect(run.err).toContain("member search index: 2 members in SQLite's, 3 in PostgreSQL's");
      const db = openServerDb(other.url);
      try {
        expect(Number(await db.value("SELECT count(*) FROM member"))).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      await dropDatabase(process.env[TEST_PG_URL_ENV]!, other.name);
    }
  }, 120_000);

  it("refuses a SQLite file that is not a Sideline database, touching neither side", () => {
    const other = path.join(dataDir, "notes.db");
    const notes = new BetterSqlite(other);
    notes.exec("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)");
    notes.close();
    const run = migrate(other);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`${other} is not a Sideline database (it has no migrations table): nothing was copied.`);
    const after = new BetterSqlite(other, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(["note"]);
    after.close();
  });

  it("refuses to run again on the database that now holds the community, changing nothing", async () => {
    const before = await countRows(target.url);
    const again = migrate();
    expect(again.code).toBe(2);
    expect(again.err).toMatch(
      /The target database is not empty \(rows in member, .*\): migrate-to-postgres copies into an empty database only/,
    );
    expect(await countRows(target.url)).toEqual(before);
  }, 120_000);
});
