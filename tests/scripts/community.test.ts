/**
 * `npm run seed -- --members N`: the community generator (scripts/community). A small community
 * (300 members) is generated into a temp folder, then checked to look to the app exactly like
 * data made through the app: the schema is the migrations' own (same indexes and triggers), every
 * row keeps the invariants the repositories keep (contact pairs, message copies, order of ids in
 * time, notifications matching their events), the search index is what the triggers write, the
 * services answer what the tables hold (contact lists, feed, mailboxes, counts, search), the rows
 * the services themselves write next to it keep the same invariants, and its members log in to the
 * real server with the known password. A second run with the same seed gives the same data.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contacts from "../../src/domains/contacts/contacts.service.ts";
import * as feed from "../../src/domains/feed/feed.service.ts";
import * as messages from "../../src/domains/messages/messages.service.ts";
import * as notifications from "../../src/domains/notifications/notifications.service.ts";
import { adultBornBy, minorCutoffFor } from "../../src/domains/privacy/privacy.service.ts";
import { NOTIFICATION_RETENTION_MS, snippet } from "../../src/domains/notifications/notifications.service.ts";
import type { Actor, AppContext } from "../../src/platform/context.ts";
import { LIVE_EVENT_RETENTION_MS } from "../../src/domains/live/live.service.ts";
import * as search from "../../src/domains/search/search.service.ts";
import { type DB, openSqlite } from "../../src/platform/db/client.ts";
import { migrateToLatest } from "../../src/platform/db/migrator.ts";
import { fillText } from "../../src/shared/texts.ts";
import { serverTexts } from "../../src/shared/server-texts.ts";
import { api, bearer, ROOT, startServer } from "#support/server.ts";
import { contextOver } from "#support/service-context.ts";

const BUN = path.join(ROOT, "node_modules/.bin/bun");
const MEMBERS = 300;
const DAY = 86_400_000;
const now = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
const NOW = new Date(now).toISOString();
const dirs = [mkdtempSync(path.join(os.tmpdir(), "sideline-community-")), mkdtempSync(path.join(os.tmpdir(), "sideline-community-"))];
const dataDir = dirs[0]!;
const dbFile = path.join(dataDir, "sideline.db");
const generate = (dir: string, ...extra: string[]) =>
  execFileSync(BUN, ["scripts/seed.ts", "--members", String(MEMBERS), "--seed", "7", "--now", NOW, ...extra], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

interface Subject {
  id: number;
  email: string;
  name: string;
  contacts: number;
  following: number;
  followers: number;
  posts: number;
}
interface Community {
  members: number;
  password: string;
  subjects: Record<"typical" | "following2000" | "starFollower" | "star" | "contactOfTypical", Subject> & { starFollowers: Subject[] };
  stars: Subject[];
  heavyFollowers: Subject[];
}

let output = "";
let firstDigest: Record<string, string>;
let community: Community;
let sqlite: Database.Database;
const value = <T = number>(sql: string, ...params: unknown[]) =>
  sqlite
    .prepare(sql)
    .pluck()
    .get(...params) as T;
const rows = <T = Record<string, unknown>>(sql: string, ...params: unknown[]) => sqlite.prepare(sql).all(...params) as T[];

beforeAll(() => {
  output = generate(dataDir);
  community = JSON.parse(readFileSync(path.join(dataDir, "community.json"), "utf8"));
  firstDigest = digest(dbFile);
  sqlite = new Database(dbFile);
}, 180_000);

afterAll(() => {
  sqlite?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A hash of each generated table's rows (password hashes aside: Argon2 salts them). */
function digest(file: string) {
  const d = new Database(file, { readonly: true });
  try {
    const out: Record<string, string> = {};
    for (const [table, columns] of Object.entries({
      member: "id, email, first_name, middle_name, last_name, gender, birth_date, profile_type, title, status, created_at, updated_at",
      member_profile: "*",
      member_privacy: "*",
      member_school: "*",
      member_employment: "*",
      contact_link: "*",
      follow: "*",
      post: "*",
      post_reply: "*",
      message: "*",
      message_copy: "*",
      notification: "*",
      live_event: "*",
      member_search: "rowid, *",
    })) {
      const hash = createHash("sha256");
      for (const row of d.prepare(`SELECT ${columns} FROM ${table} ORDER BY rowid`).iterate()) hash.update(JSON.stringify(row));
      out[table] = hash.digest("hex");
    }
    return out;
  } finally {
    d.close();
  }
}

/**
 * What the repositories keep true of their rows, as counts of rows that break it (all zero).
 * The same checks hold for rows the services write (see the last test).
 */
function violations(db: Database.Database): Record<string, number> {
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  return {
    // contacts.repository: an accepted contact is two rows, both updated at the acceptance, the
    // accepter's created then; a pending request is the requester's row alone.
    acceptedWithoutMirror: count(`SELECT count(*) FROM contact_link l WHERE l.status = 'accepted' AND NOT EXISTS
      (SELECT 1 FROM contact_link r WHERE r.member_id = l.other_id AND r.other_id = l.member_id AND r.status = 'accepted')`),
    acceptanceTimes: count(`SELECT count(*) FROM contact_link l JOIN contact_link r ON r.member_id = l.other_id AND r.other_id = l.member_id
      WHERE l.status = 'accepted' AND (l.updated_at <> r.updated_at OR l.created_at > l.updated_at
        OR (l.created_at <> l.updated_at AND r.created_at <> r.updated_at))`),
    pendingWithReverseRow: count(`SELECT count(*) FROM contact_link l WHERE l.status = 'pending' AND EXISTS
      (SELECT 1 FROM contact_link r WHERE r.member_id = l.other_id AND r.other_id = l.member_id)`),
    pendingTimes: count("SELECT count(*) FROM contact_link WHERE status = 'pending' AND created_at <> updated_at"),
    otherStatus: count("SELECT count(*) FROM contact_link WHERE status NOT IN ('accepted', 'pending')"),
    selfLinks:
      count("SELECT count(*) FROM contact_link WHERE member_id = other_id") +
      count("SELECT count(*) FROM follow WHERE follower_id = followed_id"),
    // feed.repository: ids in the order of time; texts of at most 150 characters; a reply after its
    // post, by someone whose feed shows the post (the author, a contact or a follower).
    postIdsOutOfTimeOrder: count(
      "SELECT count(*) FROM (SELECT created_at, lag(created_at) OVER (ORDER BY id) AS before FROM post) WHERE created_at < before",
    ),
    replyIdsOutOfTimeOrder: count(
      "SELECT count(*) FROM (SELECT created_at, lag(created_at) OVER (ORDER BY id) AS before FROM post_reply) WHERE created_at < before",
    ),
    badTexts:
      count("SELECT count(*) FROM post WHERE length(description) NOT BETWEEN 1 AND 150") +
      count("SELECT count(*) FROM post_reply WHERE length(description) NOT BETWEEN 1 AND 150"),
    replyBeforePost: count("SELECT count(*) FROM post_reply r JOIN post p ON p.id = r.post_id WHERE r.created_at <= p.created_at"),
    replyOutsideNetwork: count(`SELECT count(*) FROM post_reply r JOIN post p ON p.id = r.post_id WHERE r.member_id <> p.member_id
      AND NOT EXISTS (SELECT 1 FROM contact_link l WHERE l.member_id = r.member_id AND l.other_id = p.member_id AND l.status = 'accepted' AND l.updated_at <= r.created_at)
      AND NOT EXISTS (SELECT 1 FROM follow f WHERE f.follower_id = r.member_id AND f.followed_id = p.member_id AND f.created_at <= r.created_at)`),
    // messages.repository: the message, then the sender's copy (sent, read), then the recipient's
    // (inbox), at the message's time; messages.service: only between contacts.
    messagesWithoutTheirTwoCopies: count(`SELECT count(*) FROM message m WHERE
      (SELECT count(*) FROM message_copy c WHERE c.message_id = m.id) <> 2
      OR NOT EXISTS (SELECT 1 FROM message_copy s WHERE s.message_id = m.id AND s.owner_id = m.sender_id AND s.box = 'sent' AND s.is_read = 1 AND s.created_at = m.created_at
        AND EXISTS (SELECT 1 FROM message_copy i WHERE i.message_id = m.id AND i.owner_id = m.recipient_id AND i.box = 'inbox' AND i.created_at = m.created_at AND i.id > s.id))`),
    messageIdsOutOfTimeOrder: count(
      "SELECT count(*) FROM (SELECT created_at, lag(created_at) OVER (ORDER BY id) AS before FROM message) WHERE created_at < before",
    ),
    copyIdsOutOfMessageOrder: count(
      "SELECT count(*) FROM (SELECT message_id, lag(message_id) OVER (ORDER BY id) AS before FROM message_copy) WHERE message_id < before",
    ),
    messagesOutsideContacts: count(`SELECT count(*) FROM message m WHERE NOT EXISTS (SELECT 1 FROM contact_link l
      WHERE l.member_id = m.sender_id AND l.other_id = m.recipient_id AND l.status = 'accepted' AND l.updated_at <= m.created_at)`),
    // notifications.service: ids in the order of time; each follows the event it tells of.
    notificationIdsOutOfTimeOrder: count(
      "SELECT count(*) FROM (SELECT created_at, lag(created_at) OVER (ORDER BY id) AS before FROM notification) WHERE created_at < before",
    ),
    notificationsWithoutTheirEvent: count(`SELECT count(*) FROM notification n WHERE NOT CASE n.kind
      WHEN 'contact.requested' THEN EXISTS (SELECT 1 FROM contact_link l WHERE l.member_id = n.actor_id AND l.other_id = n.member_id AND l.created_at <= n.created_at)
      WHEN 'contact.accepted' THEN EXISTS (SELECT 1 FROM contact_link l WHERE l.member_id = n.member_id AND l.other_id = n.actor_id AND l.status = 'accepted' AND l.created_at <= l.updated_at AND l.updated_at <= n.created_at)
      WHEN 'member.followed' THEN EXISTS (SELECT 1 FROM follow f WHERE f.follower_id = n.actor_id AND f.followed_id = n.member_id AND f.created_at <= n.created_at)
      WHEN 'message.received' THEN EXISTS (SELECT 1 FROM message m WHERE m.sender_id = n.actor_id AND m.recipient_id = n.member_id AND m.created_at <= n.created_at)
      WHEN 'post.replied' THEN EXISTS (SELECT 1 FROM post_reply r JOIN post p ON p.id = r.post_id WHERE r.member_id = n.actor_id AND p.member_id = n.member_id AND r.created_at <= n.created_at)
      ELSE 0 END`),
    // settings: privacy levels 1-3, search visibility 1-2, switches 0/1.
    badPrivacy:
      count(`SELECT count(*) FROM member_privacy WHERE max(basic_info, personal_info, contact_info, education, work_info, photos, videos, mobile_phone, other_phone, email_address) > 3
      OR min(basic_info, personal_info, contact_info, education, work_info, photos, videos, mobile_phone, other_phone, email_address) < 1
      OR search_visibility NOT IN (1, 2) OR view_profile_picture NOT IN (0, 1) OR view_friends_list NOT IN (0, 1) OR view_link_request NOT IN (0, 1) OR view_link_message NOT IN (0, 1)`),
  };
}

/** The text, subject and link notifications.service writes for a notification's kind, actor and event. */
function expectedNotification(
  db: Database.Database,
  n: { kind: string; actor_id: number; member_id: number; created_at: string; text: string },
) {
  const name = db.prepare("SELECT first_name || ' ' || last_name FROM member WHERE id = ?").pluck().get(n.actor_id) as string;
  switch (n.kind) {
    case "contact.requested":
      return {
        subject: serverTexts.notifyContactRequestedSubject,
        text: fillText(serverTexts.notifyContactRequestedText, { name }),
        link: "/contacts/requests",
      };
    case "contact.accepted":
      return {
        subject: serverTexts.notifyContactAcceptedSubject,
        text: fillText(serverTexts.notifyContactAcceptedText, { name }),
        link: `/members/view-profile/show-profile?memberID=${n.actor_id}`,
      };
    case "member.followed":
      return {
        subject: serverTexts.notifyFollowedSubject,
        text: fillText(serverTexts.notifyFollowedText, { name }),
        link: "/contacts/people-following-me",
      };
    case "message.received": {
      const subjects = db
        .prepare("SELECT subject FROM message WHERE sender_id = ? AND recipient_id = ? AND created_at <= ?")
        .pluck()
        .all(n.actor_id, n.member_id, n.created_at) as string[];
      const texts_ = subjects.map((subject) => fillText(serverTexts.notifyMessageText, { name, subject: snippet(subject) }));
      return {
        subject: serverTexts.notifyMessageSubject,
        text: texts_.includes(n.text) ? n.text : texts_[0],
        link: "/messages/view-messages",
      };
    }
    default: {
      const replies = db
        .prepare(
          `SELECT r.description FROM post_reply r JOIN post p ON p.id = r.post_id
        WHERE r.member_id = ? AND p.member_id = ? AND r.created_at <= ?`,
        )
        .pluck()
        .all(n.actor_id, n.member_id, n.created_at) as string[];
      const texts_ = replies.map((text) => fillText(serverTexts.notifyReplyText, { name, text: snippet(text) }));
      return { subject: serverTexts.notifyReplySubject, text: texts_.includes(n.text) ? n.text : texts_[0], link: "/home" };
    }
  }
}

function notificationMismatches(db: Database.Database, where = "1 = 1") {
  const all = db
    .prepare(`SELECT id, kind, subject, text, link, actor_id, member_id, created_at FROM notification WHERE ${where}`)
    .all() as Array<{
    id: number;
    kind: string;
    subject: string;
    text: string;
    link: string;
    actor_id: number;
    member_id: number;
    created_at: string;
  }>;
  return {
    checked: all.length,
    mismatches: all.filter((n) => {
      const e = expectedNotification(db, n);
      return e.subject !== n.subject || e.text !== n.text || e.link !== n.link;
    }),
  };
}

/** A service context over the generated file (as the server makes one; rate limits off, mail to a folder). */
async function openContext(): Promise<{ ctx: AppContext; db: DB; stop: () => Promise<void> }> {
  const db = await openSqlite(dbFile);
  const { ctx, close } = contextOver(db, dataDir);
  return { ctx, db, stop: close };
}
const actor = (memberId: number): Actor => ({ memberId, sessionId: `generated-${memberId}`, scope: "full", role: "member" });

describe("npm run seed -- --members 300", () => {
  it("reports what it built and names the bench subjects, also in community.json", () => {
    expect(output).toMatch(/seed: a community of 300 members \(seed 7/);
    expect(output).toMatch(/^\s+contact_link\s+[\d,]+$/m);
    expect(output).toMatch(/file size [\d.]+ MB, [\d.]+ s/);
    expect(output).toContain('Every member\'s password is "sideline"');
    expect(community.members).toBe(MEMBERS);
    const { starFollowers: readers, ...named } = community.subjects;
    for (const s of [...Object.values(named), ...readers])
      expect(value<string>("SELECT email FROM member WHERE id = ?", s.id)).toBe(s.email);
    for (const s of Object.values(named)) expect(output).toContain(s.email);
    const { typical, following2000, starFollower, star } = community.subjects;
    expect(new Set([typical.id, following2000.id, starFollower.id, star.id]).size).toBe(4);
    expect(value("SELECT count(*) FROM follow WHERE follower_id = ? AND followed_id = ?", starFollower.id, star.id)).toBe(1);
    expect(value("SELECT count(*) FROM follow WHERE follower_id = ?", following2000.id)).toBe(following2000.following);
    expect(readers[0]).toEqual(starFollower);
    expect(readers.length).toBeGreaterThan(5);
    for (const r of readers) expect(value("SELECT count(*) FROM follow WHERE follower_id = ? AND followed_id = ?", r.id, star.id)).toBe(1);
    expect(value("SELECT count(*) FROM follow WHERE followed_id = ?", star.id)).toBe(star.followers);
  });

  it("has the migrations' schema exactly (indexes and triggers restored), whole and in WAL mode", async () => {
    const freshDir = mkdtempSync(path.join(os.tmpdir(), "sideline-community-fresh-"));
    try {
      const fresh = await openSqlite(path.join(freshDir, "sideline.db"));
      await migrateToLatest(fresh);
      await fresh.destroy();
      const schemaOf = (file: string) => {
        const d = new Database(file, { readonly: true });
        try {
          return d
            .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name")
            .all();
        } finally {
          d.close();
        }
      };
      expect(schemaOf(dbFile)).toEqual(schemaOf(path.join(freshDir, "sideline.db")));
    } finally {
      rmSync(freshDir, { recursive: true, force: true });
    }
    expect(value<string>("PRAGMA integrity_check")).toBe("ok");
    expect(rows("PRAGMA foreign_key_check")).toEqual([]);
    expect(value<string>("PRAGMA journal_mode")).toBe("wal");
    expect(value("SELECT count(*) FROM sqlite_master WHERE name LIKE 'sqlite_stat%'")).toBe(0);
  });

  it("builds the community the issue describes, scaled to its size", () => {
    expect(value("SELECT count(*) FROM member WHERE status = 2")).toBe(MEMBERS);
    expect(value("SELECT count(DISTINCT password_hash) FROM member")).toBe(1);
    expect(
      value("SELECT count(*) FROM member_profile WHERE sport <> '' AND city <> '' AND state <> '' AND bio <> '' AND about_me <> ''"),
    ).toBe(MEMBERS);
    expect(value("SELECT count(DISTINCT profile_type) FROM member")).toBe(10);
    // A share hides sections (Only Contacts or Private) or is found by contacts only.
    expect(value("SELECT count(*) FROM member_privacy")).toBeGreaterThan(MEMBERS * 0.2);
    expect(value("SELECT count(*) FROM member_privacy WHERE basic_info <> 1")).toBeGreaterThan(10);
    expect(value("SELECT count(*) FROM member_privacy WHERE contact_info <> 1")).toBeGreaterThan(10);
    expect(value("SELECT count(*) FROM member_privacy WHERE search_visibility = 2")).toBeGreaterThan(2);
    expect(value("SELECT count(*) FROM member_school")).toBeGreaterThan(MEMBERS);
    // Contacts: about N/8 each at this size (150 from 1,200 members on), a few pending requests.
    const perMember = value("SELECT count(*) FROM contact_link WHERE status = 'accepted'") / MEMBERS;
    expect(perMember).toBeGreaterThan(25);
    expect(perMember).toBeLessThan(50);
    expect(value("SELECT count(*) FROM contact_link WHERE status = 'pending'")).toBeGreaterThan(MEMBERS / 2);
    // Follows: five stars followed by 20-35% of everyone; heavy followers.
    const starFollowers = rows<{ n: number }>("SELECT count(*) AS n FROM follow GROUP BY followed_id ORDER BY n DESC LIMIT 5").map(
      (r) => r.n,
    );
    expect(Math.min(...starFollowers)).toBeGreaterThanOrEqual(MEMBERS * 0.19);
    expect(Math.max(...starFollowers)).toBeLessThanOrEqual(MEMBERS * 0.4);
    expect(community.heavyFollowers[0]!.following).toBeGreaterThanOrEqual(140);
    // Posts (10 per member over the year), replies, messages (20 per member).
    expect(value("SELECT count(*) FROM post")).toBe(10 * MEMBERS);
    expect(value("SELECT count(*) FROM post_reply")).toBeGreaterThan(MEMBERS);
    expect(value("SELECT count(*) FROM message")).toBe(20 * MEMBERS);
    expect(value("SELECT count(*) FROM message_copy")).toBe(40 * MEMBERS);
    const times = rows<{ first: string; last: string }>(
      "SELECT min(created_at) AS first, max(created_at) AS last FROM (SELECT created_at FROM post UNION ALL SELECT created_at FROM message)",
    )[0]!;
    expect(Date.parse(times.first)).toBeGreaterThanOrEqual(now - 366 * DAY);
    expect(Date.parse(times.first)).toBeLessThan(now - 350 * DAY);
    expect(Date.parse(times.last)).toBeLessThanOrEqual(now);
    expect(Date.parse(times.last)).toBeGreaterThan(now - 2 * DAY);
    expect(value("SELECT count(*) FROM message_copy WHERE box = 'inbox' AND is_read = 0")).toBeGreaterThan(0);
  });

  it("keeps every invariant of the repositories", () => {
    expect(violations(sqlite)).toEqual(Object.fromEntries(Object.keys(violations(sqlite)).map((k) => [k, 0])));
  });

  it("has no follow the minors' rule forbids: an adult follows a minor only as their contact, since the acceptance", async () => {
    // Decision 037/040, with the product's cutoff at the generator's `now`.
    const bornBy = adultBornBy(new Date(now));
    const adultsOfMinors = `FROM follow f JOIN member m ON m.id = f.followed_id AND m.birth_date > ?
      JOIN member a ON a.id = f.follower_id AND a.birth_date <= ?`;
    const contactRow =
      "SELECT 1 FROM contact_link c WHERE c.member_id = f.follower_id AND c.other_id = f.followed_id AND c.status = 'accepted'";
    expect(value("SELECT count(*) FROM member WHERE birth_date > ?", bornBy)).toBeGreaterThan(5);
    expect(value(`SELECT count(*) ${adultsOfMinors} WHERE NOT EXISTS (${contactRow})`, bornBy, bornBy)).toBe(0);
    // Contacts do follow minors (the rule allows it), each after the acceptance (its updated_at).
    expect(value(`SELECT count(*) ${adultsOfMinors} WHERE EXISTS (${contactRow})`, bornBy, bornBy)).toBeGreaterThan(0);
    expect(
      value(`SELECT count(*) ${adultsOfMinors} WHERE NOT EXISTS (${contactRow} AND c.updated_at < f.created_at)`, bornBy, bornBy),
    ).toBe(0);
    // So the server's job finds nothing to end in a fresh community.
    const { ctx, stop } = await openContext();
    try {
      expect(await contacts.endAdultFollowsOfMinors(ctx, { now: new Date(now) })).toBe(0);
    } finally {
      await stop();
    }
  });

  it("writes the notifications the app makes and retention keeps (unread 90 days, read 30), and their live events", () => {
    const { checked, mismatches } = notificationMismatches(sqlite);
    expect(checked).toBeGreaterThan(MEMBERS * 5);
    expect(mismatches).toEqual([]);
    // Within the read retention every event has its notification, read or not.
    const since = new Date(now - NOTIFICATION_RETENTION_MS.read).toISOString();
    const kinds = Object.fromEntries(
      rows<{ kind: string; n: number }>("SELECT kind, count(*) AS n FROM notification WHERE created_at >= ? GROUP BY kind", since).map(
        (r) => [r.kind, r.n],
      ),
    );
    expect(kinds["member.followed"]).toBe(value("SELECT count(*) FROM follow WHERE created_at >= ?", since));
    expect(kinds["message.received"]).toBe(value("SELECT count(*) FROM message WHERE created_at >= ?", since));
    expect(kinds["post.replied"]).toBe(value("SELECT count(*) FROM post_reply WHERE created_at >= ?", since));
    expect(kinds["contact.accepted"]).toBe(
      value("SELECT count(*) FROM contact_link WHERE status = 'accepted' AND created_at < updated_at AND updated_at >= ?", since),
    );
    expect(kinds["contact.requested"]).toBe(
      value("SELECT count(*) FROM contact_link WHERE created_at >= ? AND (status = 'pending' OR created_at < updated_at)", since),
    );
    // Before it, only unread ones would be kept, and never beyond the unread retention.
    expect(value("SELECT count(*) FROM notification WHERE is_read = 1 AND created_at < ?", since)).toBe(0);
    expect(
      value("SELECT count(*) FROM notification WHERE created_at < ?", new Date(now - NOTIFICATION_RETENTION_MS.unread).toISOString()),
    ).toBe(0);
    // Older ones were read (up to each member's last visit), the newest partly not.
    expect(value("SELECT count(*) FROM notification WHERE is_read = 0 AND created_at < ?", new Date(now - 5 * DAY).toISOString())).toBe(0);
    expect(value("SELECT count(*) FROM notification WHERE is_read = 0")).toBeGreaterThan(0);
    // live.service's log of its retention (a day): each notification, each message for both parties.
    const liveSince = new Date(now - LIVE_EVENT_RETENTION_MS).toISOString();
    expect(value("SELECT count(*) FROM live_event WHERE type = 'notification.created'")).toBe(
      value("SELECT count(*) FROM notification WHERE created_at >= ?", liveSince),
    );
    expect(value("SELECT count(*) FROM live_event WHERE type = 'message.received'")).toBe(
      value("SELECT count(*) FROM message WHERE created_at >= ?", liveSince),
    );
    const sample = rows<{ member_id: number; data: string; created_at: string }>(
      "SELECT member_id, data, created_at FROM live_event WHERE type = 'notification.created' LIMIT 20",
    );
    for (const e of sample) {
      const data = JSON.parse(e.data);
      expect(
        rows(
          "SELECT id AS notificationId, kind, subject, text, link FROM notification WHERE id = ? AND member_id = ? AND created_at = ?",
          data.notificationId,
          e.member_id,
          e.created_at,
        ),
      ).toEqual([data]);
    }
    const received = JSON.parse(value<string>("SELECT data FROM live_event WHERE type = 'message.received' ORDER BY id DESC LIMIT 1"));
    expect(
      rows(
        "SELECT m.subject FROM message_copy c JOIN message m ON m.id = c.message_id WHERE c.id = ? AND c.box = 'inbox'",
        received.messageId,
      ),
    ).toEqual([{ subject: received.subject }]);
  });

  it("has the search index the triggers would write", () => {
    const copyDir = mkdtempSync(path.join(os.tmpdir(), "sideline-community-copy-"));
    try {
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      copyFileSync(dbFile, path.join(copyDir, "sideline.db"));
      const copy = new Database(path.join(copyDir, "sideline.db"));
      const index = (d: Database.Database) => d.prepare("SELECT rowid, * FROM member_search ORDER BY rowid").all();
      const generated = index(copy);
      expect(generated).toHaveLength(MEMBERS);
      const adminNames = (d: Database.Database) => d.prepare("SELECT rowid, * FROM member_admin_name ORDER BY rowid").all();
      const generatedNames = adminNames(copy);
      expect(generatedNames).toHaveLength(MEMBERS);
      copy.exec("UPDATE member SET status = status"); // the trigger rewrites every member's row
      expect(index(copy)).toEqual(generated);
      copy.exec("UPDATE member SET first_name = first_name"); // the admin name index's trigger too
      expect(adminNames(copy)).toEqual(generatedNames);
      copy.close();
    } finally {
      rmSync(copyDir, { recursive: true, force: true });
    }
  });

  it("answers through the services what the tables hold: contact lists, feed, mailboxes, notifications, search", async () => {
    const { ctx, stop } = await openContext();
    try {
      const { typical, starFollower, star, contactOfTypical } = community.subjects;
      // Contact lists: the count, and symmetric.
      const mine = await contacts.listOf(ctx, actor(typical.id), "contacts", { limit: 200 });
      expect(mine.total).toBe(typical.contacts);
      expect(mine.items.map((c) => c.memberId).sort((a, b) => a - b)).toEqual(
        rows<{ id: number }>(
          "SELECT other_id AS id FROM contact_link WHERE member_id = ? AND status = 'accepted' ORDER BY other_id",
          typical.id,
        ).map((r) => r.id),
      );
      expect(mine.items.every((c) => c.relation.isContact)).toBe(true);
      for (const c of mine.items.slice(0, 5))
        expect(await contacts.areContactsFor(ctx, actor(c.memberId), c.memberId, typical.id)).toBe(true);
      expect((await contacts.listOf(ctx, actor(star.id), "followers", { limit: 1 })).total).toBe(star.followers);
      expect((await contacts.listOf(ctx, actor(typical.id), "following", { limit: 1 })).total).toBe(typical.following);
      const requested = value("SELECT other_id FROM contact_link WHERE status = 'pending' LIMIT 1");
      expect((await contacts.listOf(ctx, actor(requested), "requests", { limit: 1 })).total).toBe(
        value("SELECT count(*) FROM contact_link WHERE other_id = ? AND status = 'pending'", requested),
      );
      // The feed: every post of the member, their contacts and whom they follow, newest first.
      const network = `(SELECT ${starFollower.id} UNION SELECT other_id FROM contact_link WHERE member_id = ${starFollower.id} AND status = 'accepted'
        UNION SELECT followed_id FROM follow WHERE follower_id = ${starFollower.id})`;
      const seen: Array<{ postId: number; createdAt: string; author: number; replies: number }> = [];
      let cursor: string | undefined;
      do {
        const page = await feed.feed(ctx, actor(starFollower.id), { cursor, limit: 50 });
        seen.push(
          ...page.items.map((p) => ({ postId: p.postId, createdAt: p.createdAt, author: p.author.memberId, replies: p.replies.length })),
        );
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen.map((p) => p.postId).sort((a, b) => a - b)).toEqual(
        rows<{ id: number }>(`SELECT id FROM post WHERE member_id IN ${network} ORDER BY id`).map((r) => r.id),
      );
      expect(seen.map((p) => p.createdAt)).toEqual(
        seen
          .map((p) => p.createdAt)
          .sort()
          .reverse(),
      );
      expect(seen.filter((p) => p.author === star.id)).toHaveLength(star.posts);
      // Every reply, but a minor's that this reader may not see (decision 040): the generated community has minors.
      const cutoff = await minorCutoffFor(ctx, { memberId: starFollower.id });
      expect(seen.reduce((sum, p) => sum + p.replies, 0)).toBe(
        value(
          `SELECT count(*) FROM post_reply r JOIN post p ON p.id = r.post_id JOIN member a ON a.id = r.member_id
           WHERE p.member_id IN ${network} AND (a.birth_date <= ? OR r.member_id = ${starFollower.id} OR p.member_id = ${starFollower.id}
             OR EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = ${starFollower.id} AND c.other_id = r.member_id AND c.status = 'accepted')
             OR EXISTS (SELECT 1 FROM member_privacy mp WHERE mp.member_id = r.member_id AND mp.minor_findable = 1))`,
          cutoff,
        ),
      );
      // Mailboxes: a message is in the sender's sent box and the recipient's inbox; counts match.
      const last = rows<{ id: number; sender_id: number; recipient_id: number; subject: string }>(
        "SELECT id, sender_id, recipient_id, subject FROM message ORDER BY id DESC LIMIT 1",
      )[0]!;
      const sent = await messages.list(ctx, actor(last.sender_id), { view: "sent", limit: 1 });
      const inbox = await messages.list(ctx, actor(last.recipient_id), { view: "all", limit: 1 });
      expect(sent.items[0]).toMatchObject({
        box: "sent",
        subject: last.subject,
        read: true,
        from: { memberId: last.sender_id },
        to: { memberId: last.recipient_id },
      });
      expect(inbox.items[0]).toMatchObject({
        box: "inbox",
        subject: last.subject,
        from: { memberId: last.sender_id },
        to: { memberId: last.recipient_id },
      });
      let inboxCount = 0;
      let page: Awaited<ReturnType<typeof messages.list>> | undefined;
      do {
        page = await messages.list(ctx, actor(typical.id), { view: "all", limit: 100, cursor: page?.nextCursor ?? undefined });
        inboxCount += page.items.length;
      } while (page.nextCursor);
      expect(inboxCount).toBe(value("SELECT count(*) FROM message WHERE recipient_id = ?", typical.id));
      const unreadMember = value("SELECT owner_id FROM message_copy WHERE box = 'inbox' AND is_read = 0 LIMIT 1");
      expect((await messages.list(ctx, actor(unreadMember), { view: "unread", limit: 100 })).items.length).toBe(
        value("SELECT count(*) FROM message_copy WHERE owner_id = ? AND box = 'inbox' AND is_read = 0", unreadMember),
      );
      // Notifications: newest first, the unread count.
      const notes = await notifications.list(ctx, actor(typical.id), { view: "all", limit: 100 });
      expect(notes.items.map((n) => n.notificationId)).toEqual(
        rows<{ id: number }>("SELECT id FROM notification WHERE member_id = ? ORDER BY id DESC LIMIT 100", typical.id).map((r) => r.id),
      );
      expect(await notifications.unreadCount(ctx, actor(typical.id))).toBe(
        value("SELECT count(*) FROM notification WHERE member_id = ? AND is_read = 0", typical.id),
      );
      // Search: a member found by name; one found by contacts only is hidden from strangers.
      const found = await search.searchMembers(ctx, actor(typical.id), contactOfTypical.name, 50);
      expect(found.map((c) => c.memberId)).toContain(contactOfTypical.id);
      const hidden = rows<{
        id: number;
        name: string;
      }>(`SELECT m.id, m.first_name || ' ' || m.last_name AS name FROM member m JOIN member_privacy p ON p.member_id = m.id
        WHERE p.search_visibility = 2 AND EXISTS (SELECT 1 FROM contact_link l WHERE l.member_id = m.id AND l.status = 'accepted') LIMIT 1`)[0]!;
      const friend = value("SELECT other_id FROM contact_link WHERE member_id = ? AND status = 'accepted' LIMIT 1", hidden.id);
      const stranger = value(
        "SELECT id FROM member WHERE id <> ? AND id NOT IN (SELECT other_id FROM contact_link WHERE member_id = ?) LIMIT 1",
        hidden.id,
        hidden.id,
      );
      expect((await search.searchMembers(ctx, actor(friend), hidden.name, 50)).map((c) => c.memberId)).toContain(hidden.id);
      expect((await search.searchMembers(ctx, actor(stranger), hidden.name, 50)).map((c) => c.memberId)).not.toContain(hidden.id);
      const suggested = await search.suggestions(ctx, actor(typical.id), 10);
      expect(suggested).toHaveLength(10);
      expect(suggested.every((c) => !c.relation.isContact && !c.relation.isSelf)).toBe(true);
    } finally {
      await stop();
    }
  });

  it("its members log in to the real server with the known password and see their data", async () => {
    const server = await startServer({ dataDir });
    try {
      const { typical } = community.subjects;
      const login = await api(server.baseUrl).post("/api/account/login", { body: { email: typical.email, password: community.password } });
      expect(login.status).toBe(200);
      expect(login.json).toMatchObject({ currentStatus: "2", name: typical.name });
      expect(String(login.json.memberID)).toBe(String(typical.id));
      const headers = bearer(login.json.accessToken);
      const list = await api(server.baseUrl).get(`/api/contact/GetMemberContacts?memberID=${typical.id}`, { headers });
      expect(list.json).toHaveLength(typical.contacts);
      const posts = await api(server.baseUrl).get(`/api/member/getRecentPosts/${typical.id}`, { headers });
      expect(posts.status).toBe(200);
      expect(posts.json).toHaveLength(5);
    } finally {
      await server.stop();
    }
  });

  it("rows the services write next to the generated ones keep the same invariants", async () => {
    const { ctx, stop } = await openContext();
    const stopHandlers = notifications.registerNotificationHandlers(ctx);
    const lastNote = value("SELECT max(id) FROM notification");
    try {
      // Two members not linked either way who take requests.
      const [a, b] = rows<{ a: number; b: number }>(`SELECT x.id AS a, y.id AS b FROM member x JOIN member y ON y.id > x.id
        WHERE NOT EXISTS (SELECT 1 FROM contact_link l WHERE (l.member_id = x.id AND l.other_id = y.id) OR (l.member_id = y.id AND l.other_id = x.id))
          AND NOT EXISTS (SELECT 1 FROM follow f WHERE f.follower_id = x.id AND f.followed_id = y.id)
          AND NOT EXISTS (SELECT 1 FROM member_privacy p WHERE p.member_id IN (x.id, y.id) AND p.view_link_request = 0)
        LIMIT 1`).map((r) => [r.a, r.b])[0]!;
      expect(await contacts.sendRequest(ctx, actor(a!), b!)).toBe("requested");
      await contacts.acceptRequest(ctx, actor(b!), a!);
      await contacts.follow(ctx, actor(a!), b!);
      const post = await feed.createPost(ctx, actor(b!), "A post written through the service.");
      await feed.reply(ctx, actor(a!), post.postId, "And a reply written through the service.");
      await messages.send(ctx, actor(a!), { toMemberId: b!, subject: "Through the service", body: "Hello from the service." });
      await ctx.events.settled();
      expect(value("SELECT count(*) FROM notification WHERE id > ?", lastNote)).toBe(5);
      expect(violations(sqlite)).toEqual(Object.fromEntries(Object.keys(violations(sqlite)).map((k) => [k, 0])));
      expect(notificationMismatches(sqlite, `id > ${lastNote}`).mismatches).toEqual([]);
    } finally {
      stopHandlers();
      await stop();
    }
  });
});

describe("the same seed, size and --now", () => {
  it("give the same community (password hashes aside: Argon2 salts them)", () => {
    generate(dirs[1]!);
    expect(existsSync(path.join(dirs[1]!, "sideline.db"))).toBe(true);
    expect(digest(path.join(dirs[1]!, "sideline.db"))).toEqual(firstDigest);
  }, 180_000);

  it("refuses a database that has members already, unless --replace", () => {
    expect(() => generate(dirs[1]!)).toThrow(/has members already/);
    expect(generate(dirs[1]!, "--replace")).toMatch(/a community of 300 members/);
  }, 180_000);
});
