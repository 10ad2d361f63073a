/**
 * What `npm run bench` reads from the generated database before it loads the server: the sizes
 * (for the report) and the bench subjects. The generator (`npm run seed -- --members N`) names the
 * subjects in DATA_DIR/community.json; without that file (a demo database), or for a subject it
 * does not name, the nearest member that exists stands in and the report says so.
 *
 * community.json, as read here (extra keys are ignored):
 *   { "password": "...", "subjects": { "typical": S, "following2000": S, "starFollower": S, "star": S,
 *     "starFollowers"?: [S, ...] } }
 * where S is {"memberId": 12, "email": "..."} (either is enough), an e-mail, or a member id.
 * Read-only, on its own connection (the server may be running: WAL lets both read).
 */
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { adultBornBy } from "../../src/domains/privacy/privacy.service.ts";

export const DEMO_PASSWORD = "sideline";
const ACTIVE = 2;

export interface Subject {
  role: string;
  memberId: number;
  email: string;
  /** What the generator says of the member (contacts, following, followers, posts), when it does. */
  about?: string;
  /** Why this member stands in for the role, when it is not the one the generator named. */
  note?: string;
}

export interface Sizes {
  members: number;
  activeMembers: number;
  contacts: number;
  pendingRequests: number;
  follows: number;
  posts: number;
  replies: number;
  messages: number;
  notifications: number;
  dbMB: number;
}

export interface Community {
  password: string;
  fromFile: boolean;
  sizes: Sizes;
  typical?: Subject;
  following2000?: Subject;
  starFollower?: Subject;
  star?: Subject;
  /** Followers of the star who read their feeds while the star posts (the first is starFollower). */
  starFollowers: Subject[];
  /** Search words the generator knows to find many members ({two, three, five}), if it names them. */
  searchTerms?: Partial<Record<"two" | "three" | "five", string>>;
  /** Who the subjects are, missing subjects and stand-ins, one sentence each. */
  notes: string[];
}

type SubjectRef =
  | number
  | string
  | { memberId?: number; id?: number; email?: string; contacts?: number; following?: number; followers?: number; posts?: number };

function fileSizeMB(file: string): number {
  let bytes = 0;
  for (const f of [file, `${file}-wal`]) if (existsSync(f)) bytes += statSync(f).size;
  return bytes / 1024 / 1024;
}

export function openReadOnly(dataDir: string): Database {
  const file = path.join(dataDir, "sideline.db");
  const db = new Database(file, { readonly: true });
  db.run("PRAGMA busy_timeout = 5000");
  return db;
}

function count(db: Database, sql: string, ...params: Array<string | number>): number {
  return Number((db.query(sql).values(...params)[0]?.[0] as number | undefined) ?? 0);
}

export function readSizes(db: Database, dataDir: string): Sizes {
  return {
    members: count(db, "select count(*) from member"),
    activeMembers: count(db, "select count(*) from member where status = ?", ACTIVE),
    contacts: Math.round(count(db, "select count(*) from contact_link where status = 'accepted'") / 2),
    pendingRequests: count(db, "select count(*) from contact_link where status = 'pending'"),
    follows: count(db, "select count(*) from follow"),
    posts: count(db, "select count(*) from post"),
    replies: count(db, "select count(*) from post_reply"),
    messages: count(db, "select count(*) from message"),
    notifications: count(db, "select count(*) from notification"),
    dbMB: fileSizeMB(path.join(dataDir, "sideline.db")),
  };
}

function memberBy(db: Database, ref: SubjectRef): { id: number; email: string; status: number } | null {
  const row = (sql: string, v: string | number) => db.query(sql).get(v) as { id: number; email: string; status: number } | null;
  if (typeof ref === "number") return row("select id, email, status from member where id = ?", ref);
  if (typeof ref === "string") return row("select id, email, status from member where email = ?", ref);
  const id = ref.memberId ?? ref.id;
  if (id !== undefined) return row("select id, email, status from member where id = ?", Number(id));
  if (ref.email) return row("select id, email, status from member where email = ?", ref.email);
  return null;
}

function subjectOf(db: Database, role: string, id: number, note?: string): Subject | undefined {
  const m = memberBy(db, id);
  return m ? { role, memberId: m.id, email: m.email, ...(note ? { note } : {}) } : undefined;
}

const first = (db: Database, sql: string, ...params: Array<string | number>) =>
  (db.query(sql).values(...params)[0] ?? []) as Array<number | undefined>;

/** The subjects of community.json, or stand-ins from the database, with a note for each stand-in. */
export function readCommunity(db: Database, dataDir: string): Community {
  const file = path.join(dataDir, "community.json");
  const json = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : null;
  const named = (json?.subjects ?? json ?? {}) as Record<string, SubjectRef | SubjectRef[] | undefined>;
  const notes: string[] = [];
  if (!json) notes.push("No community.json in DATA_DIR (not a generated community): members that exist stand in for the subjects.");

  const fromFile = (role: string): Subject | undefined => {
    const ref = named[role];
    if (ref === undefined || Array.isArray(ref)) return undefined;
    const m = memberBy(db, ref);
    if (!m) {
      notes.push(`community.json names ${role} = ${JSON.stringify(ref)}, which is not in the database.`);
      return undefined;
    }
    if (m.status !== ACTIVE) notes.push(`${role} (member ${m.id}) is not active.`);
    const facts = typeof ref === "object" ? ref : {};
    const about = (["contacts", "following", "followers", "posts"] as const)
      .filter((k) => typeof facts[k] === "number")
      .map((k) => `${k === "following" ? "following " : ""}${facts[k]!.toLocaleString("en-US")}${k === "following" ? "" : ` ${k}`}`)
      .join(", ");
    return { role, memberId: m.id, email: m.email, ...(about ? { about } : {}) };
  };

  // The most followed active member, and how many follow them.
  let star = fromFile("star");
  if (!star) {
    const [id, n] = first(
      db,
      `select f.followed_id, count(*) from follow f join member m on m.id = f.followed_id and m.status = ?
                               group by f.followed_id order by 2 desc, 1 limit 1`,
      ACTIVE,
    );
    if (id !== undefined) star = subjectOf(db, "star", id, `stand-in: the most followed member (${n} followers)`);
  }
  const followersOf = (starId: number, limit: number) =>
    (
      db
        .query(
          `select f.follower_id from follow f join member m on m.id = f.follower_id and m.status = ?
               where f.followed_id = ? order by f.follower_id limit ?`,
        )
        .values(ACTIVE, starId, limit) as number[][]
    ).map((r) => r[0]!);

  let typical = fromFile("typical");
  if (!typical) {
    // The median member by contacts among those who have some: a member with an ordinary life here.
    const withContacts = count(db, `select count(distinct member_id) from contact_link where status = 'accepted'`);
    const [id, n] = first(
      db,
      `select l.member_id, count(*) from contact_link l join member m on m.id = l.member_id and m.status = ?
                               where l.status = 'accepted' group by l.member_id order by 2, 1 limit 1 offset ?`,
      ACTIVE,
      Math.floor(withContacts / 2),
    );
    if (id !== undefined) typical = subjectOf(db, "typical", id, `stand-in: the median member by contacts (${n} contacts)`);
  }

  let following2000 = fromFile("following2000");
  if (!following2000) {
    const [id, n] = first(
      db,
      `select f.follower_id, count(*) from follow f join member m on m.id = f.follower_id and m.status = ?
                               group by f.follower_id order by 2 desc, 1 limit 1`,
      ACTIVE,
    );
    if (id !== undefined) following2000 = subjectOf(db, "following2000", id, `stand-in: the member who follows the most (${n}, not 2,000)`);
  }

  let starFollower = fromFile("starFollower");
  if (!starFollower && star) {
    const id = followersOf(star.memberId, 1)[0];
    if (id !== undefined) starFollower = subjectOf(db, "starFollower", id, `stand-in: a follower of member ${star.memberId}`);
  }

  // Up to 8 followers of the star read their feeds while the star posts.
  const starFollowers: Subject[] = [];
  const listed = Array.isArray(named.starFollowers) ? named.starFollowers : [];
  for (const ref of listed.slice(0, 8)) {
    const m = memberBy(db, ref);
    if (m && m.status === ACTIVE) starFollowers.push({ role: "starFollower", memberId: m.id, email: m.email });
  }
  if (starFollower && !starFollowers.some((s) => s.memberId === starFollower.memberId)) starFollowers.unshift(starFollower);
  if (star && starFollowers.length < 8) {
    for (const id of followersOf(star.memberId, 40)) {
      if (starFollowers.length >= 8) break;
      if (!starFollowers.some((s) => s.memberId === id)) {
        const s = subjectOf(db, "starFollower", id);
        if (s) starFollowers.push(s);
      }
    }
  }

  for (const [role, s] of Object.entries({ typical, following2000, starFollower, star })) {
    if (!s) notes.push(`No member can stand in for ${role}: its routes are left out.`);
    else if (s.note) notes.push(`${role} = member ${s.memberId}, ${s.note}.`);
    else notes.push(`${role} = member ${s.memberId}${s.about ? ` (${s.about})` : ""}.`);
  }
  const password = typeof json?.password === "string" ? json.password : DEMO_PASSWORD;
  const terms = json?.searchTerms ?? undefined;
  return {
    password,
    fromFile: !!json,
    sizes: readSizes(db, dataDir),
    typical,
    following2000,
    starFollower,
    star,
    starFollowers,
    searchTerms: terms,
    notes,
  };
}

/** Profiles to view: up to `n` active members spread over the id range, other than `viewerId`. */
export function profileTargets(db: Database, viewerId: number, n: number): number[] {
  const max = count(db, "select max(id) from member");
  const ids = new Set<number>();
  // Adults only: a minor's profile answers an adult stranger as a missing member would (decision 040).
  const bornBy = adultBornBy();
  for (let k = 1; k <= n * 3 && ids.size < n; k++) {
    const probe = Math.max(1, Math.round((k * max) / (n * 3 + 1)));
    const [id] = first(
      db,
      "select id from member where id >= ? and status = ? and id <> ? and birth_date <= ? order by id limit 1",
      probe,
      ACTIVE,
      viewerId,
      bornBy,
    );
    if (id !== undefined) ids.add(id);
  }
  return [...ids].slice(0, n);
}

/**
 * Search terms as members type them: prefixes (2, 3 and 5 letters) of the commonest first and last
 * names, those the generator names first; and whole names for the results screen.
 */
export function searchTerms(
  db: Database,
  named: Community["searchTerms"] = {},
): { byLength: Record<2 | 3 | 5, string[]>; words: string[] } {
  const names = [
    ...(db
      .query(`select lower(first_name), count(*) from member where status = ? group by 1 order by 2 desc, 1 limit 12`)
      .values(ACTIVE) as string[][]),
    ...(db
      .query(`select lower(last_name), count(*) from member where status = ? group by 1 order by 2 desc, 1 limit 12`)
      .values(ACTIVE) as string[][]),
  ]
    .map((r) => String(r[0]))
    .filter((w) => /^[a-z]+$/.test(w));
  const first = { 2: named?.two, 3: named?.three, 5: named?.five } as Record<2 | 3 | 5, string | undefined>;
  const prefixes = (len: 2 | 3 | 5) =>
    [
      ...new Set([...(first[len] ? [first[len].toLowerCase()] : []), ...names.filter((w) => w.length >= len).map((w) => w.slice(0, len))]),
    ].slice(0, 10);
  return { byLength: { 2: prefixes(2), 3: prefixes(3), 5: prefixes(5) }, words: [...new Set(names)].slice(0, 10) };
}

/** A word members would search their messages for: from a subject the member received, else "game". */
export function messageSearchWord(db: Database, memberId: number): string {
  const rows = db
    .query(
      `select m.subject from message_copy c join message m on m.id = c.message_id where c.owner_id = ? and c.box = 'inbox' order by c.id desc limit 20`,
    )
    .values(memberId) as string[][];
  for (const [subject] of rows) {
    const word = String(subject)
      .split(/[^A-Za-z]+/)
      .find((w) => w.length >= 4);
    if (word) return word.toLowerCase();
  }
  return "game";
}

/** Members `memberId` may ask to connect: active, not linked either way, taking requests from anyone. */
/** The newest post of one of the member's active contacts: what a bench reply answers (a reply to one's own post notifies nobody). */
export function newestContactPost(db: Database, memberId: number): number {
  const row = db
    .query(
      `select p.id from contact_link l join member m on m.id = l.other_id and m.status = 2 join post p on p.member_id = l.other_id
       where l.member_id = ? and l.status = 'accepted' order by p.created_at desc limit 1`,
    )
    .get(memberId) as { id: number } | null;
  if (!row) throw new Error(`member ${memberId} has no contact with a post to reply to`);
  return row.id;
}

export function requestTargets(db: Database, memberId: number, limit: number): number[] {
  return (
    db
      .query(
        `select m.id from member m
         where m.status = ? and m.id <> ?
           and not exists (select 1 from contact_link l where l.member_id = ? and l.other_id = m.id)
           and not exists (select 1 from contact_link l where l.member_id = m.id and l.other_id = ?)
           and coalesce((select p.view_link_request from member_privacy p where p.member_id = m.id), 1) = 1
         order by m.id limit ?`,
      )
      .values(ACTIVE, memberId, memberId, memberId, limit) as number[][]
  ).map((r) => r[0]!);
}
