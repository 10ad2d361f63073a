import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { PROFILE_TYPES } from "../../src/shared/members.ts";
import { api, ROOT, startServer } from "#support/server.ts";

const BUN = path.join(ROOT, "node_modules/.bin/bun");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-seed-"));
const seed = () => execFileSync(BUN, ["scripts/seed.ts"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run seed", () => {
  it("adds active demo members of every profile type with full profiles, once", () => {
    const first = seed();
    expect(first).toMatch(/20 demo members added/);
    expect(first).toMatch(/20 contacts, 7 pending requests and 23 follows added/);
    expect(first).toMatch(/seed: 90 posts, 92 replies and 5 news items added/);
    expect(first).toMatch(/seed: 13 messages and 43 notifications added/);
    const again = seed();
    expect(again).toMatch(/0 demo members added \(20 already there\)/);
    expect(again).toMatch(/0 contacts, 0 pending requests and 0 follows added/);
    expect(again).toMatch(/seed: 0 posts, 0 replies and 0 news items added/);
    expect(again).toMatch(/seed: 0 messages and 0 notifications added/);
    const db = new Database(path.join(dataDir, "sideline.db"), { readonly: true });
    const rows = db
      .prepare(
        `select m.profile_type, m.status, p.sport, p.height_inches, p.preferred_position,
                (select count(*) from member_school s where s.member_id = m.id) as schools
         from member m join member_profile p on p.member_id = m.id`,
      )
      .all() as Array<{
      profile_type: string;
      status: number;
      sport: string;
      height_inches: number | null;
      preferred_position: string;
      schools: number;
    }>;
    db.close();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.profile_type))).toEqual(new Set(PROFILE_TYPES));
    expect(rows.every((r) => r.status === 2 && r.sport !== "")).toBe(true);
    const athletes = rows.filter((r) => r.profile_type.startsWith("Athlete"));
    expect(athletes.length).toBeGreaterThan(5);
    expect(athletes.every((r) => r.height_inches !== null && r.preferred_position !== "")).toBe(true);
    expect(rows.filter((r) => !r.profile_type.startsWith("Athlete")).every((r) => r.height_inches === null)).toBe(true);
    expect(rows.filter((r) => r.schools > 0).length).toBeGreaterThan(15);
  });

  it("connects the demo members: accepted contacts (a row each way), pending requests (one row) and follows", () => {
    const db = new Database(path.join(dataDir, "sideline.db"), { readonly: true });
    const count = (sql: string, ...params: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .get(...params) as number;
    const maya = count("select id from member where email = 'maya.okafor@demo.sideline.local'");
    expect(count("select count(*) from contact_link where status = 'accepted'")).toBe(40);
    // Every accepted row has its mirror; a pending request is the requester's row alone.
    expect(
      count(`select count(*) from contact_link l where l.status = 'accepted' and not exists
                    (select 1 from contact_link r where r.member_id = l.other_id and r.other_id = l.member_id and r.status = 'accepted')`),
    ).toBe(0);
    expect(
      count(`select count(*) from contact_link l where l.status = 'pending' and exists
                    (select 1 from contact_link r where r.member_id = l.other_id and r.other_id = l.member_id)`),
    ).toBe(0);
    expect(count("select count(*) from contact_link where status not in ('accepted', 'pending')")).toBe(0);
    expect(count("select count(*) from contact_link where member_id = ? and status = 'accepted'", maya)).toBeGreaterThanOrEqual(5);
    expect(count("select count(*) from contact_link where member_id = ? and status = 'pending'", maya)).toBeGreaterThanOrEqual(1);
    expect(count("select count(*) from contact_link where other_id = ? and status = 'pending'", maya)).toBeGreaterThanOrEqual(1);
    expect(count("select count(*) from follow where follower_id = ?", maya)).toBeGreaterThanOrEqual(3);
    expect(count("select count(*) from follow where followed_id = ?", maya)).toBeGreaterThanOrEqual(3);
    expect(count("select count(*) from follow")).toBe(23);
    // Every demo member takes part.
    expect(
      count(`select count(*) from member m where not exists (select 1 from contact_link l where l.member_id = m.id or l.other_id = m.id)`),
    ).toBe(0);
    db.close();
  });

  it("writes months of posts with replies from the authors' contacts, and sample news, once", () => {
    const db = new Database(path.join(dataDir, "sideline.db"), { readonly: true });
    const count = (sql: string, ...params: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .get(...params) as number;
    try {
      const perMember = db
        .prepare("select m.id, (select count(*) from post p where p.member_id = m.id) as n from member m")
        .all() as Array<{ n: number }>;
      expect(perMember).toHaveLength(20);
      expect(perMember.every((r) => r.n >= 3 && r.n <= 6)).toBe(true);
      expect(count("select count(*) from post")).toBe(90);
      expect(count("select count(*) from post_reply")).toBe(92);
      // All in the past, spread over about four months, each within the 150 characters of a post.
      const now = Date.now();
      const times = (db.prepare("select created_at from post union all select created_at from post_reply").pluck().all() as string[]).map(
        Date.parse,
      );
      expect(times.every((t) => t < now)).toBe(true);
      expect(now - Math.min(...times)).toBeGreaterThan(90 * 86_400_000);
      expect(now - Math.min(...times)).toBeLessThan(125 * 86_400_000);
      expect(count("select max(length(description)) from post")).toBeLessThanOrEqual(150);
      expect(count("select count(distinct substr(created_at, 1, 7)) from post")).toBeGreaterThanOrEqual(4);
      // Every reply comes after its post, from an accepted contact of the post's author.
      expect(count("select count(*) from post_reply r join post p on p.id = r.post_id where r.created_at <= p.created_at")).toBe(0);
      expect(
        count(`select count(*) from post_reply r join post p on p.id = r.post_id where not exists
                      (select 1 from contact_link l where l.member_id = p.member_id and l.other_id = r.member_id and l.status = 'accepted')`),
      ).toBe(0);
      // No duplicates after the rerun.
      expect(count("select count(*) from (select member_id, description from post group by 1, 2 having count(*) > 1)")).toBe(0);
      const news = db
        .prepare("select guid, header_text, posting_date from news_item where guid like 'demo:%' order by posting_date desc")
        .all() as Array<{ guid: string; posting_date: string }>;
      expect(news.map((n) => n.guid)).toEqual(["demo:news-1", "demo:news-2", "demo:news-3", "demo:news-4", "demo:news-5"]);
      expect(news.every((n) => Date.parse(n.posting_date) < now)).toBe(true);
      expect(count("select count(*) from news_item")).toBe(6);
    } finally {
      db.close();
    }
  });

  it("writes conversations between contacts, the newest unread, and the notifications they made", () => {
    const db = new Database(path.join(dataDir, "sideline.db"), { readonly: true });
    const count = (sql: string, ...params: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .get(...params) as number;
    try {
      expect(count("select count(*) from message")).toBe(13);
      // Two copies each: the sender's (read) and the recipient's.
      expect(count("select count(*) from message_copy where box = 'sent' and is_read = 1")).toBe(13);
      expect(count("select count(*) from message_copy where box = 'inbox'")).toBe(13);
      // Only between accepted contacts, all in the past.
      expect(
        count(`select count(*) from message m where not exists
                      (select 1 from contact_link l where l.member_id = m.sender_id and l.other_id = m.recipient_id and l.status = 'accepted')`),
      ).toBe(0);
      expect(count("select count(*) from message where created_at >= ?", new Date().toISOString())).toBe(0);
      const maya = count("select id from member where email = 'maya.okafor@demo.sideline.local'");
      expect(count("select count(*) from message_copy where owner_id = ? and box = 'inbox'", maya)).toBe(5);
      expect(count("select count(*) from message_copy where owner_id = ? and box = 'inbox' and is_read = 0", maya)).toBe(2);
      // Written in time order, so the messenger's newest-first order (by copy id) is the order in time; the two newest are unread.
      const inbox = db
        .prepare(
          "select c.is_read, m.created_at from message_copy c join message m on m.id = c.message_id where c.owner_id = ? and c.box = 'inbox' order by c.id desc",
        )
        .all(maya) as Array<{ is_read: number; created_at: string }>;
      expect(inbox.map((r) => r.created_at)).toEqual(
        inbox
          .map((r) => r.created_at)
          .sort()
          .reverse(),
      );
      expect(inbox.map((r) => r.is_read)).toEqual([0, 0, 1, 1, 1]);
      expect(count("select count(*) from notification where member_id = ? and kind = 'message.received'", maya)).toBe(5);
      expect(count("select count(*) from notification where member_id = ? and kind = 'contact.requested'", maya)).toBe(2);
      expect(count("select count(*) from notification where kind = 'member.followed'")).toBe(23);
    } finally {
      db.close();
    }
  });

  it("its members can log in to a server started on the same data directory", async () => {
    const server = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      const res = await api(server.baseUrl).post("/api/account/login", {
        body: { email: "maya.okafor@demo.sideline.local", password: "sideline" },
      });
      expect(res.json).toMatchObject({ currentStatus: "2", name: "Maya Okafor", title: "Point guard, State University" });
      expect(res.json.accessToken).not.toBe("");
      const headers = { Authorization: `Bearer ${res.json.accessToken}` };
      const contacts = await api(server.baseUrl).get(`/api/contact/GetMemberContacts?memberID=${res.json.memberID}`, { headers });
      expect(contacts.status).toBe(200);
      expect(contacts.json.map((c: { friendName: string }) => c.friendName)).toEqual([
        "Chloe Dubois",
        "Nora Haddad",
        "Priya Nair",
        "Sofia Rossi",
        "Tom Becker",
      ]);
      const requests = await api(server.baseUrl).get(`/api/contact/GetRequestsList?memberID=${res.json.memberID}`, { headers });
      expect(requests.json.map((c: { friendName: string }) => c.friendName)).toEqual(["Aisha Bello", "Owen Fraser"]);
      const search = await api(server.baseUrl).get(`/api/contact/SearchAllResults?memberID=${res.json.memberID}&searchText=basketball`, {
        headers,
      });
      expect(search.json.map((c: { entityName: string }) => c.entityName)).toEqual(expect.arrayContaining(["Tom Becker", "Nora Haddad"]));
      // Her home feed: a full first page, newest first, from her network only, with nested replies.
      const feed = await api(server.baseUrl).get(`/api/member/getRecentPosts/${res.json.memberID}`, { headers });
      expect(feed.status).toBe(200);
      expect(feed.json).toHaveLength(5);
      expect(feed.headers.get("x-next-cursor")).toBeTruthy();
      const dates = feed.json.map((p: { datePosted: string }) => p.datePosted);
      expect([...dates].sort().reverse()).toEqual(dates);
      const network = [
        "Maya Okafor",
        "Chloe Dubois",
        "Nora Haddad",
        "Priya Nair",
        "Sofia Rossi",
        "Tom Becker",
        "Aisha Bello",
        "Kenji Watanabe",
        "Luis Romero",
      ];
      expect(feed.json.every((p: { memberName: string }) => network.includes(p.memberName))).toBe(true);
      expect(feed.json.every((p: { childPostCnt: string; children: unknown[] }) => Number(p.childPostCnt) === p.children.length)).toBe(true);
      const news = await api(server.baseUrl).get("/api/common/getRecentNews");
      expect(news.json.map((n: { headerText: string }) => n.headerText)).toEqual(
        expect.arrayContaining(["Spring tryout calendar published", "Find your people on Sideline"]),
      );
    } finally {
      await server.stop();
    }
  });
});
