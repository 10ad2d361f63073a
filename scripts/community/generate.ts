/**
 * The community generator: a realistic, deterministic community of any size written into a
 * migrated SQLite file through the app's own schema, with the rows the app itself writes for each
 * action (read from the repositories and services, not guessed):
 *
 * - member (active, one Argon2 hash of the known password for everyone), member_profile (every
 *   section the profile screens save), member_privacy for the members who changed their settings
 *   (the row is created on first save; without it the defaults apply), member_school,
 *   member_employment, member_notification_settings and member_security_question for some;
 * - contact_link: an accepted contact is two rows (the requester's row, created at the request and
 *   updated at the acceptance, and the accepter's, created at the acceptance: contacts.repository
 *   acceptRequest); a pending request is the requester's row alone; follow rows (an adult follows
 *   a minor only as their contact, after the acceptance: contacts.service follow, decision 037);
 * - post and post_reply (replies by the author's contacts, after the post and after they became
 *   contacts), ids in time order as the app assigns them;
 * - message and its two message_copy rows (the sender's 'sent' copy, read, then the recipient's
 *   'inbox' copy: messages.repository insertMessage), only between contacts, after they became
 *   contacts;
 * - notification: what notifications.service makes of each event (request, acceptance, follow,
 *   message, reply; same kind, subject, text, link and actor), for the events of the last
 *   `notificationDays` days, read up to each member's last visit, and of those read only the ones
 *   within the read retention (NOTIFICATION_RETENTION_MS: what the pruning job would keep);
 * - live_event: what live.service logs for those events in its retention window;
 * - the derived structures, rebuilt from the base tables at the end by their repositories' bulk
 *   functions (DERIVED below: add one line per new structure).
 *
 * Sizes scale with the member count: at 100,000 about 150 contacts and 50 follows each, five stars
 * followed by 20-35% of the members, 0.1% of the members following about 2,000, 10 posts and 20
 * messages per member over the last year. Everything comes from a seeded PRNG and hashes of ids,
 * with times relative to `now`: the same seed, size and `now` give the same database.
 */
import { hashPassword } from "../../src/platform/crypto.ts";
import { DAY, MINUTE } from "../../src/platform/clock.ts";
import { NOTIFICATION_RETENTION_MS, snippet } from "../../src/domains/notifications/notifications.service.ts";
import { isMinor } from "../../src/domains/privacy/privacy.service.ts";
import { rebuildMemberSearch, resetSuggestions, syncSearchTerms } from "../../src/domains/search/search.repository.ts";
import { rebuildTimeline } from "../../src/domains/feed/timeline.repository.ts";
import { rebuildAdminNames } from "../../src/domains/admin/admin.repository.ts";
import type { DB } from "../../src/platform/db/client.ts";
import { migrateToLatest } from "../../src/platform/db/migrator.ts";
import { MemberStatus, PROFILE_TYPES, type ProfileType } from "../../src/shared/members.ts";
import { fillText } from "../../src/shared/texts.ts";
import { serverTexts } from "../../src/shared/server-texts.ts";
import { Batches, Columns, Inserter, kyselyOver, one, openRaw, type RawDb, restoreSchemaObjects, setAsideSchemaObjects } from "./bulk.ts";
import { hash, Random, unit, WeightedPicker } from "./random.ts";
import * as words from "./vocabulary.ts";

/**
 * The derived structures the app keeps beside the base tables, each rebuilt in bulk from them by
 * its repository once the base tables are loaded (and their indexes and triggers restored). A
 * branch that adds one (a timeline, a suggestions table, new search tables) adds its line here.
 */
export const DERIVED: ReadonlyArray<{ name: string; rebuild: (db: DB) => Promise<unknown> }> = [
  { name: "member search index", rebuild: rebuildMemberSearch },
  // After the index: the typo tables read its vocabulary.
  { name: "search words for typos", rebuild: syncSearchTerms },
  // Suggestion lists are computed on a member's first read, then kept by the server (decision 012).
  { name: "member suggestions", rebuild: resetSuggestions },
  { name: "home feed timeline", rebuild: (db) => rebuildTimeline(db) },
  { name: "admin name index", rebuild: rebuildAdminNames },
];

/** The tables the generator writes: their secondary indexes and triggers are set aside during the load. */
const LOADED_TABLES = [
  "member",
  "member_profile",
  "member_privacy",
  "member_school",
  "member_employment",
  "member_notification_settings",
  "member_security_question",
  "contact_link",
  "follow",
  "post",
  "post_reply",
  "message",
  "message_copy",
  "notification",
  "live_event",
] as const;

export interface CommunityOptions {
  /** The SQLite file (created and migrated if needed; it must hold no members). */
  file: string;
  members: number;
  seed: number;
  /** The moment the community is generated at (ms); all activity lies in the year before it. */
  now: number;
  password: string;
  /** Notifications are written for the events of this many days before `now` (a bounded retention). */
  notificationDays: number;
  /** Live events are written for this many days (live.service keeps 2). */
  liveEventDays: number;
  progress?: (phase: string, done: number, total: number) => void;
}

export interface BenchSubject {
  id: number;
  email: string;
  name: string;
  contacts: number;
  following: number;
  followers: number;
  posts: number;
}

export interface CommunityResult {
  members: number;
  seed: number;
  now: string;
  password: string;
  subjects: {
    typical: BenchSubject;
    following2000: BenchSubject;
    starFollower: BenchSubject;
    star: BenchSubject;
    contactOfTypical: BenchSubject;
    /** Followers of the star to read their feeds while the star posts (the first is starFollower). */
    starFollowers: BenchSubject[];
  };
  stars: BenchSubject[];
  heavyFollowers: BenchSubject[];
  /** Words that find many members in search (a common first name and its prefixes). */
  searchTerms: { two: string; three: string; five: string };
  /** Seconds spent in each phase (wall clock, and CPU: on a busy machine the CPU time says more). */
  phases: Array<{ phase: string; seconds: number; cpuSeconds: number }>;
  /** Rows per table. */
  counts: Array<{ table: string; rows: number }>;
}

// Salts of the hashes (which fact of an item a hash decides).
const enum Salt {
  RequestAt = 1,
  AcceptDelay,
  Requester,
  FollowAt,
  LastSeen,
  NeverOpened,
  PostText,
  ReplyText,
  Body,
  PendingAt,
}

/** Notification kinds, in the order of KIND_NAMES. */
const enum Kind {
  Requested,
  Accepted,
  Followed,
  Message,
  Replied,
}
const KIND_NAMES = ["contact.requested", "contact.accepted", "member.followed", "message.received", "post.replied"] as const;

const MAX_MEMBERS = 2 ** 21 - 1;
const YEAR = 365 * DAY;

export async function generateCommunity(o: CommunityOptions): Promise<CommunityResult> {
  const N = o.members;
  if (!Number.isInteger(N) || N < 20 || N > MAX_MEMBERS) throw new Error(`--members must be a whole number from 20 to ${MAX_MEMBERS}.`);
  const progress = o.progress ?? (() => {});
  const phases: Array<{ phase: string; seconds: number; cpuSeconds: number }> = [];
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  let phaseStart = performance.now();
  let phaseCpu = cpu();
  const endPhase = (phase: string) => {
    const [t, c] = [performance.now(), cpu()];
    phases.push({ phase, seconds: (t - phaseStart) / 1000, cpuSeconds: c - phaseCpu });
    [phaseStart, phaseCpu] = [t, c];
  };

  const raw = await openRaw(o.file);
  raw.exec("PRAGMA journal_mode = WAL");
  const db = kyselyOver(raw);
  await migrateToLatest(db);
  if (one<{ n: number }>(raw, "SELECT count(*) AS n FROM member").n > 0) {
    await db.destroy();
    throw new Error(`${o.file} has members already: generate into an empty data directory (or pass --replace).`);
  }
  // Bulk-load settings: no journal, no syncs, a large cache, one connection. The data is checked
  // by construction (and by its test), so foreign keys are not checked row by row.
  for (const p of [
    "journal_mode = OFF",
    "synchronous = OFF",
    "foreign_keys = OFF",
    "cache_size = -524288",
    "locking_mode = EXCLUSIVE",
    "threads = 2",
  ]) {
    raw.exec(`PRAGMA ${p}`);
  }
  const setAside = setAsideSchemaObjects(raw, LOADED_TABLES);
  const batches = new Batches(raw);
  const seed = o.seed >>> 0;
  const now = Math.floor(o.now / 1000) * 1000;
  const yearStart = now - YEAR;
  const iso = isoWriter();
  const id = (i: number) => i + 1;
  endPhase("open and migrate");

  // ---------------------------------------------------------------------------------------------
  // Reference data (from the migrations).
  const sports = (raw.prepare("SELECT name FROM sport ORDER BY sort_order, id").all() as Array<{ name: string }>).map((r) => r.name);
  const stateNames = new Map(
    (raw.prepare("SELECT code, name FROM us_state").all() as Array<{ code: string; name: string }>).map((r) => [r.code, r.name]),
  );
  const schools = raw
    .prepare("SELECT id, name, city, state, type FROM school WHERE status = 'approved' AND city <> '' ORDER BY id")
    .all() as Array<{ id: number; name: string; city: string; state: string; type: number }>;
  const companies = raw.prepare("SELECT id, name FROM company WHERE status = 'approved' ORDER BY id").all() as Array<{
    id: number;
    name: string;
  }>;
  const levels = (raw.prepare("SELECT name FROM competition_level ORDER BY sort_order").all() as Array<{ name: string }>).map(
    (r) => r.name,
  );
  const otherInterests = (raw.prepare("SELECT name FROM other_sporting_interest ORDER BY sort_order").all() as Array<{ name: string }>).map(
    (r) => r.name,
  );
  const interests = (raw.prepare("SELECT name FROM interest ORDER BY sort_order").all() as Array<{ name: string }>).map((r) => r.name);
  const collegesByState = new Map<string, number[]>();
  const colleges: number[] = [];
  schools.forEach((s, k) => {
    if (s.type !== 3) return;
    colleges.push(k);
    collegesByState.set(s.state, [...(collegesByState.get(s.state) ?? []), k]);
  });

  // ---------------------------------------------------------------------------------------------
  // Members and their profiles.
  const rnd = new Random(seed, 1);
  const zipf = (n: number, s: number) => new WeightedPicker(Array.from({ length: n }, (_, k) => 1 / (k + 3) ** s));
  const femalePick = zipf(words.FEMALE_FIRST.length, 0.9);
  const malePick = zipf(words.MALE_FIRST.length, 0.9);
  const lastPick = zipf(words.LAST.length, 0.7);
  const sportPick = new WeightedPicker(sports.map((s) => words.SPORT_WEIGHTS[s] ?? 1));
  const typePick = new WeightedPicker(PROFILE_TYPES.map((t) => words.PROFILE_TYPE_WEIGHTS[t]));
  const typeOf = new Uint8Array(N);
  const sportOf = new Uint8Array(N);
  const schoolOf = new Int32Array(N);
  const firstName = new Array<string>(N);
  const fullName = new Array<string>(N);
  const emailOf = new Array<string>(N);
  const positionOf = new Array<string>(N);
  const teamOf = new Array<string>(N);
  const acceptsRequests = new Uint8Array(N).fill(1);
  const hasPrivacyRow = new Uint8Array(N);
  /** Under 18 at `now` (privacy.service isMinor: the product's cutoff): the follows below obey the minors' rule. */
  const minor = new Uint8Array(N);
  const passwordHash = await hashPassword(o.password);
  const answerHash = await hashPassword("sideline answer");
  const ascii = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .toLowerCase();

  const memberRows = new Inserter(
    raw,
    "member",
    [
      "id",
      "email",
      "password_hash",
      "first_name",
      "middle_name",
      "last_name",
      "gender",
      "birth_date",
      "profile_type",
      "title",
      "picture_path",
      "status",
      "welcome_back_pending",
      "created_at",
      "updated_at",
    ],
    batches,
  );
  const profileColumns = [
    "member_id",
    "sport",
    "bio",
    "preferred_hand_foot",
    "preferred_position",
    "secondary_position",
    "other_sporting_interest",
    "current_city",
    "hometown",
    "other_email",
    "facebook",
    "instagram",
    "twitter",
    "website",
    "home_phone",
    "cell_phone",
    "other_phone",
    "address",
    "city",
    "neighborhood",
    "state",
    "zip",
    "about_me",
    "activities",
    "personal_interests",
    "special_skills",
    "photo_account_url",
    "video_channel_id",
    "show_gender",
    "show_birth_date",
    "looking_for_employment",
    "looking_for_networking",
    "looking_for_partnership",
    "looking_for_recruitment",
    "show_address",
    "show_email",
    "show_cell_phone",
    "show_home_phone",
    "height_inches",
    "weight_lbs",
    "updated_at",
  ];
  const profileRows = new Inserter(raw, "member_profile", profileColumns, batches);
  const privacyRows = new Inserter(
    raw,
    "member_privacy",
    [
      "member_id",
      "basic_info",
      "personal_info",
      "contact_info",
      "education",
      "work_info",
      "photos",
      "videos",
      "mobile_phone",
      "other_phone",
      "email_address",
      "search_visibility",
      "view_profile_picture",
      "view_friends_list",
      "view_link_request",
      "view_link_message",
      "updated_at",
    ],
    batches,
  );
  const schoolRows = new Inserter(
    raw,
    "member_school",
    ["member_id", "school_id", "degree_type_id", "major", "year_class", "competition_level", "societies", "created_at"],
    batches,
  );
  const jobRows = new Inserter(
    raw,
    "member_employment",
    [
      "member_id",
      "company_id",
      "title",
      "description",
      "city",
      "state",
      "start_month",
      "start_year",
      "end_month",
      "end_year",
      "currently_works_here",
      "created_at",
    ],
    batches,
  );
  const settingsRows = new Inserter(
    raw,
    "member_notification_settings",
    ["member_id", "send_msg", "add_as_friend", "confirm_friendship_request", "replies_to_help_quest", "updated_at"],
    batches,
  );
  const questionRows = new Inserter(raw, "member_security_question", ["member_id", "question_id", "answer_hash", "updated_at"], batches);
  const MAJORS = [
    "Kinesiology",
    "Business Administration",
    "Communications",
    "Sports Management",
    "Exercise Science",
    "Psychology",
    "Education",
    "Biology",
    "Nutrition",
    "Journalism",
  ];
  const STREETS = ["Main", "Oak", "Maple", "Park", "Washington", "Lake", "Hill", "Cedar", "Elm", "Pine", "Sunset", "River"];
  const level = () => (rnd.chance(0.7) ? 1 : rnd.chance(0.6) ? 3 : 2);

  batches.begin();
  for (let i = 0; i < N; i++) {
    const female = rnd.chance(0.5);
    const first = female ? words.FEMALE_FIRST[femalePick.pick(rnd.next())]! : words.MALE_FIRST[malePick.pick(rnd.next())]!;
    const last = words.LAST[lastPick.pick(rnd.next())]!;
    const middle = rnd.chance(0.25) ? rnd.pick(words.MIDDLE) : "";
    const type = typePick.pick(rnd.next());
    const typeName: ProfileType = PROFILE_TYPES[type]!;
    const athlete = typeName.startsWith("Athlete");
    const sportIdx = sportPick.pick(rnd.next());
    const sport = sports[sportIdx]!;
    const schoolIdx = rnd.int(schools.length);
    const school = schools[schoolIdx]!;
    typeOf[i] = type;
    sportOf[i] = sportIdx;
    schoolOf[i] = schoolIdx;
    firstName[i] = first;
    fullName[i] = `${first} ${last}`;
    const email = `${ascii(first)}.${ascii(last)}.${id(i)}@community.sideline.local`;
    emailOf[i] = email;
    const positions = words.POSITIONS[sport] ?? [];
    const position = athlete && positions.length ? rnd.pick(positions) : "";
    const second = athlete && positions.length > 2 && rnd.chance(0.4) ? rnd.pick(positions.filter((p) => p !== position)) : "";
    positionOf[i] = position || sport;
    const city = school.city;
    const state = school.state;
    const team = `${rnd.chance(0.5) ? city : (stateNames.get(state) ?? state)} ${rnd.pick(words.TEAM_MASCOTS)}`;
    teamOf[i] = team;
    const age =
      typeName === "Athlete (Amateur)"
        ? rnd.range(15, 23)
        : typeName === "Athlete (Professional)"
          ? rnd.range(20, 36)
          : typeName === "Retired"
            ? rnd.range(35, 75)
            : rnd.range(22, 65);
    const birthYear = new Date(now).getUTCFullYear() - age - 1;
    const birthDate = `${birthYear}-${String(rnd.range(1, 12)).padStart(2, "0")}-${String(rnd.range(1, 28)).padStart(2, "0")}`;
    minor[i] = isMinor(birthDate, new Date(now)) ? 1 : 0;
    const title = (() => {
      switch (typeName) {
        case "Athlete (Amateur)":
          return `${position || sport}, ${school.name}`;
        case "Athlete (Professional)":
          return `${position || sport}, ${team}`;
        case "Coach":
          return `${rnd.pick(["Head coach", "Assistant coach", "Coach"])}, ${rnd.chance(0.5) ? school.name : team}`;
        case "Agent":
          return `${sport} agent, ${last} ${rnd.pick(words.AGENCY_WORDS)}`;
        case "Athletic Trainer":
          return `Athletic trainer, ${rnd.chance(0.5) ? school.name : `${city} Sports Medicine`}`;
        case "Scout":
          return `${sport} scout, ${team}`;
        case "Referee":
          return `${sport} referee, ${stateNames.get(state) ?? state} Officials Association`;
        case "Management":
          return `${rnd.pick(["General manager", "Athletic director", "Operations manager"])}, ${team}`;
        case "Retired":
          return `Former ${sport} ${rnd.chance(0.6) ? "player" : "coach"}`;
        default:
          return `${sport} fan, ${city}`;
      }
    })().slice(0, 100);
    const joined = now - YEAR - Math.floor(rnd.next() * YEAR) - DAY;
    const joinedIso = iso(joined);
    const savedIso = iso(joined + Math.floor(rnd.next() * 3 * DAY));
    memberRows.row(
      id(i),
      email,
      passwordHash,
      first,
      middle,
      last,
      female ? "Female" : "Male",
      birthDate,
      typeName,
      title,
      null,
      MemberStatus.Active,
      0,
      joinedIso,
      savedIso,
    );

    const fill = (t: string) =>
      t
        .replaceAll("{sport}", sport)
        .replaceAll("{position}", position || sport)
        .replaceAll("{city}", city)
        .replaceAll("{state}", stateNames.get(state) ?? state)
        .replaceAll("{school}", school.name)
        .replaceAll("{years}", String(rnd.range(2, 25)));
    const bioKind = athlete
      ? "athlete"
      : typeName === "Coach"
        ? "coach"
        : typeName === "Sports Fanatic" || typeName === "Retired"
          ? "fan"
          : "pro";
    const handle = `${ascii(first)}${ascii(last)}${id(i) % 1000}`;
    const elsewhere = rnd.chance(0.2) ? schools[colleges[rnd.int(colleges.length)]!]! : school;
    profileRows.row(
      id(i),
      sport,
      fill(rnd.pick(words.BIOS[bioKind]!)),
      athlete ? rnd.pick(["Left", "Right", "Right", "Right"]) : "",
      position,
      second,
      athlete ? "" : rnd.pick(otherInterests),
      elsewhere.city,
      rnd.chance(0.7) ? city : schools[rnd.int(schools.length)]!.city,
      rnd.chance(0.2) ? `${handle}@example.com` : "",
      rnd.chance(0.4) ? `https://www.facebook.com/${handle}` : "",
      rnd.chance(0.5) ? `https://www.instagram.com/${handle}/` : "",
      rnd.chance(0.5) ? `@${handle}` : "",
      rnd.chance(0.15) ? `https://${handle}.example.com` : "",
      rnd.chance(0.2) ? `555-${rnd.range(200, 999)}-${rnd.range(1000, 9999)}` : "",
      rnd.chance(0.8) ? `555-${rnd.range(200, 999)}-${rnd.range(1000, 9999)}` : "",
      rnd.chance(0.05) ? `555-${rnd.range(200, 999)}-${rnd.range(1000, 9999)}` : "",
      rnd.chance(0.5) ? `${rnd.range(1, 9999)} ${rnd.pick(STREETS)} St` : "",
      city,
      rnd.chance(0.3) ? `${rnd.pick(STREETS)} Heights` : "",
      state,
      String(rnd.range(10000, 99999)),
      `${first} ${last}: ${title}.`,
      `${rnd.pick(words.ACTIVITIES)}, ${rnd.pick(words.ACTIVITIES)}`,
      `${rnd.pick(interests)}, ${rnd.pick(interests)}`,
      `${rnd.pick(words.SKILLS)}, ${rnd.pick(words.SKILLS)}`,
      rnd.chance(0.3) ? `https://www.instagram.com/${handle}/` : "",
      "",
      rnd.chance(0.5) ? 1 : 0,
      rnd.chance(0.3) ? 1 : 0,
      rnd.chance(athlete ? 0.2 : 0.35) ? 1 : 0,
      rnd.chance(0.8) ? 1 : 0,
      rnd.chance(0.2) ? 1 : 0,
      athlete && rnd.chance(0.8) ? 1 : 0,
      rnd.chance(0.2) ? 1 : 0,
      rnd.chance(0.3) ? 1 : 0,
      rnd.chance(0.3) ? 1 : 0,
      rnd.chance(0.1) ? 1 : 0,
      athlete ? rnd.range(female ? 60 : 64, female ? 74 : 82) : null,
      athlete ? rnd.range(female ? 110 : 140, female ? 190 : 280) : null,
      savedIso,
    );

    // A third of the members saved their privacy settings, many of them hiding a section.
    if (rnd.chance(0.35)) {
      hasPrivacyRow[i] = 1;
      const request = rnd.chance(0.06) ? 0 : 1;
      acceptsRequests[i] = request;
      privacyRows.row(
        id(i),
        level(),
        level(),
        level(),
        level(),
        level(),
        level(),
        level(),
        level(),
        rnd.chance(0.5) ? 2 : 3,
        level(),
        rnd.chance(0.15) ? 2 : 1,
        rnd.chance(0.12) ? 0 : 1,
        rnd.chance(0.2) ? 0 : 1,
        request,
        rnd.chance(0.1) ? 0 : 1,
        savedIso,
      );
    }

    // Schools: the home high school or college, and a college for most.
    const entries: number[] = [schoolIdx];
    if (school.type !== 3 && rnd.chance(typeName === "Athlete (Amateur)" && age < 18 ? 0.1 : 0.7)) {
      const near = collegesByState.get(state);
      entries.push(near && rnd.chance(0.7) ? rnd.pick(near) : colleges[rnd.int(colleges.length)]!);
    }
    for (const k of entries) {
      const s = schools[k]!;
      const college = s.type === 3;
      schoolRows.row(
        id(i),
        s.id,
        college ? (rnd.chance(0.1) && !athlete ? 2 : 1) : 3,
        college ? rnd.pick(MAJORS) : "General Studies",
        birthYear + (college ? 22 : 18),
        rnd.pick(levels),
        "",
        savedIso,
      );
    }
    // Jobs: everyone but amateur athletes has a current one, some a previous one too.
    if (typeName !== "Athlete (Amateur)" && typeName !== "Sports Fanatic" && companies.length) {
      const startYear = Math.max(birthYear + 20, new Date(now).getUTCFullYear() - rnd.range(0, 12));
      if (rnd.chance(0.4)) {
        const past = rnd.pick(companies);
        jobRows.row(
          id(i),
          past.id,
          rnd.pick(["Intern", "Assistant", "Coordinator", "Analyst"]),
          `Worked on ${sport} programs.`,
          city,
          state,
          rnd.range(1, 12),
          startYear - rnd.range(2, 6),
          rnd.range(1, 12),
          startYear - 1,
          0,
          savedIso,
        );
      }
      const current = rnd.pick(companies);
      jobRows.row(
        id(i),
        current.id,
        title,
        fill(rnd.pick(words.BIOS[bioKind]!)),
        city,
        state,
        rnd.range(1, 12),
        startYear,
        null,
        null,
        typeName === "Retired" ? 0 : 1,
        savedIso,
      );
    }
    if (rnd.chance(0.1))
      settingsRows.row(id(i), rnd.chance(0.7) ? 1 : 0, rnd.chance(0.8) ? 1 : 0, rnd.chance(0.8) ? 1 : 0, rnd.chance(0.6) ? 1 : 0, savedIso);
    if (rnd.chance(0.25)) questionRows.row(id(i), rnd.range(1, 6), answerHash, savedIso);
    if ((i & 4095) === 0) progress("members", i, N);
  }
  for (const w of [memberRows, profileRows, privacyRows, schoolRows, jobRows, settingsRows, questionRows]) w.flush();
  batches.commit();
  progress("members", N, N);
  endPhase("members");

  // ---------------------------------------------------------------------------------------------
  // Contacts: a clustered graph (most contacts within a group of members of the same sport and
  // nearby, the rest anywhere), about `meanContacts` each; stored as sorted adjacency lists.
  const grnd = new Random(seed, 2);
  const meanContacts = Math.min(150, Math.floor(N / 8));
  const GROUP = Math.max(50, Math.min(400, Math.floor(N / 4)));
  const order = Array.from({ length: N }, (_, i) => i);
  const tiebreak = Float64Array.from({ length: N }, () => grnd.next());
  order.sort(
    (a, b) =>
      sportOf[a]! - sportOf[b]! || schools[schoolOf[a]!]!.state.localeCompare(schools[schoolOf[b]!]!.state) || tiebreak[a]! - tiebreak[b]!,
  );
  const positionIn = new Int32Array(N);
  order.forEach((m, p) => (positionIn[m] = p));
  const groupMember = (i: number, r: Random) => {
    const start = Math.floor(positionIn[i]! / GROUP) * GROUP;
    const size = Math.min(GROUP, N - start);
    return order[start + r.int(size)]!;
  };
  const initiated = new Int32Array(N);
  for (let i = 0; i < N; i++) initiated[i] = Math.max(1, Math.min(4 * meanContacts, Math.round((meanContacts / 2) * grnd.activity(0.6))));
  // The pair keys (up to hundreds of MB at 100,000 members) live only inside this function, so
  // they are garbage once the adjacency lists are built.
  const SHIFT = 2 ** 21;
  const { offset, neighbors, pairs, degree } = (() => {
    // Pairs as numbers (smaller index * 2^21 + larger), sorted and unique. Two members may pick each
    // other: rounds of further picks, in proportion to each member's share, make up what duplicates lost.
    let keys = new Float64Array(0);
    let pairs = 0;
    for (let round = 0, scale = 1; round < 4 && scale > 0.01; round++) {
      let extra = 0;
      for (let i = 0; i < N; i++) extra += Math.round(initiated[i]! * scale);
      const next = new Float64Array(pairs + extra);
      next.set(keys.subarray(0, pairs));
      let n = pairs;
      for (let i = 0; i < N; i++) {
        for (let k = Math.round(initiated[i]! * scale); k > 0; k--) {
          const j = grnd.chance(0.7) ? groupMember(i, grnd) : grnd.int(N);
          if (j !== i) next[n++] = i < j ? i * SHIFT + j : j * SHIFT + i;
        }
      }
      keys = next.subarray(0, n).sort();
      pairs = 0;
      for (let k = 0; k < n; k++) if (k === 0 || keys[k] !== keys[k - 1]) keys[pairs++] = keys[k]!;
      scale = (meanContacts - (2 * pairs) / N) / meanContacts;
    }
    const degree = new Int32Array(N);
    for (let k = 0; k < pairs; k++) {
      const a = Math.floor(keys[k]! / SHIFT);
      degree[a]! += 1;
      degree[keys[k]! - a * SHIFT]! += 1;
    }
    const offset = new Int32Array(N + 1);
    for (let i = 0; i < N; i++) offset[i + 1] = offset[i]! + degree[i]!;
    const neighbors = new Int32Array(offset[N]!);
    const fillAt = offset.slice(0, N);
    for (let k = 0; k < pairs; k++) {
      const a = Math.floor(keys[k]! / SHIFT);
      const b = keys[k]! - a * SHIFT;
      neighbors[fillAt[a]!++] = b;
      neighbors[fillAt[b]!++] = a;
    }
    return { offset, neighbors, pairs, degree };
  })();
  for (let i = 0; i < N; i++) neighbors.subarray(offset[i], offset[i + 1]).sort();
  const areContacts = (a: number, b: number) => {
    let lo = offset[a]!;
    let hi = offset[a + 1]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = neighbors[mid]!;
      if (v === b) return true;
      if (v < b) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };

  /** When a contact was asked for and accepted, and who asked (per pair, from hashes). */
  const facts = { requester: 0, accepter: 0, requestAt: 0, acceptAt: 0 };
  const pairFacts = (x: number, y: number) => {
    const a = Math.min(x, y);
    const b = Math.max(x, y);
    let requester = hash(seed, Salt.Requester, a, b) & 1 ? a : b;
    let accepter = requester === a ? b : a;
    // A member who takes requests only from people they know was the one who asked.
    if (!acceptsRequests[accepter] && acceptsRequests[requester]) [requester, accepter] = [accepter, requester];
    const requestAt = yearStart + Math.floor(unit(seed, Salt.RequestAt, a, b) * (YEAR - 4 * DAY));
    const delay = MINUTE + Math.floor(unit(seed, Salt.AcceptDelay, a, b) ** 3 * 3 * DAY);
    facts.requester = requester;
    facts.accepter = accepter;
    facts.requestAt = requestAt;
    facts.acceptAt = requestAt + delay;
    return facts;
  };

  // Pending requests: a few per member, recent, to members of their group they are not linked to.
  const pendingOut: number[][] = Array.from({ length: N }, () => []);
  const pendingKeys = new Set<number>();
  const pendingAt = (from: number, to: number) => now - Math.floor(unit(seed, Salt.PendingAt, from, to) * 30 * DAY) - MINUTE;
  for (let i = 0; i < N; i++) {
    const wanted = grnd.chance(0.5) ? grnd.range(1, 4) : 0;
    for (let k = 0, tries = 0; k < wanted && tries < 20; tries++) {
      const t = groupMember(i, grnd);
      if (t === i || !acceptsRequests[t] || areContacts(i, t) || pendingKeys.has(i * SHIFT + t) || pendingKeys.has(t * SHIFT + i)) continue;
      pendingKeys.add(i * SHIFT + t);
      pendingOut[i]!.push(t);
      k += 1;
    }
    pendingOut[i]!.sort((x, y) => x - y);
  }

  // Events that make notifications (those in the window) are gathered as the rows are written.
  const windowStart = now - o.notificationDays * DAY;
  const events = new Columns({ at: "f64", member: "i32", actor: "i32", kind: "u8", ref: "i32" }, 1 << 16);

  const links = new Inserter(raw, "contact_link", ["member_id", "other_id", "status", "created_at", "updated_at"], batches);
  batches.begin();
  for (let m = 0; m < N; m++) {
    const pend = pendingOut[m]!;
    let p = 0;
    for (let k = offset[m]!; k <= offset[m + 1]!; k++) {
      const other = k < offset[m + 1]! ? neighbors[k]! : Number.MAX_SAFE_INTEGER;
      while (p < pend.length && pend[p]! < other) {
        const at = iso(pendingAt(m, pend[p]!));
        links.row(id(m), id(pend[p]!), "pending", at, at);
        if (pendingAt(m, pend[p]!) >= windowStart)
          events.push({ at: pendingAt(m, pend[p]!), member: pend[p]!, actor: m, kind: Kind.Requested, ref: 0 });
        p += 1;
      }
      if (other === Number.MAX_SAFE_INTEGER) break;
      const f = pairFacts(m, other);
      if (f.requester === m) links.row(id(m), id(other), "accepted", iso(f.requestAt), iso(f.acceptAt));
      else {
        const at = iso(f.acceptAt);
        links.row(id(m), id(other), "accepted", at, at);
      }
      if (m < other) {
        if (f.requestAt >= windowStart)
          events.push({ at: f.requestAt, member: f.accepter, actor: f.requester, kind: Kind.Requested, ref: 0 });
        if (f.acceptAt >= windowStart) events.push({ at: f.acceptAt, member: f.requester, actor: f.accepter, kind: Kind.Accepted, ref: 0 });
      }
    }
    if ((m & 1023) === 0) progress("contacts", m, N);
  }
  links.flush();
  batches.commit();
  progress("contacts", N, N);
  endPhase("contacts");

  // ---------------------------------------------------------------------------------------------
  // Follows: about `meanFollows` each (half within the group, half towards popular members), five
  // stars followed by 20-35% of everyone, and a few members following about 2,000. An adult follows
  // a minor only as their contact (decision 037: contacts.service follow refuses the rest, and the
  // server's job endAdultFollowsOfMinors would end them), so such a pick is drawn again and the
  // stars are adults.
  const frnd = new Random(seed, 3);
  const meanFollows = Math.min(50, Math.floor(N / 20));
  const popularity = new WeightedPicker(Float64Array.from({ length: N }, () => frnd.activity(1.3)));
  const mayFollow = (i: number, t: number) => t !== i && (!minor[t] || minor[i] === 1 || areContacts(i, t));
  /** A target `draw` gives that `i` may follow, drawn again a few times; -1 if none came. */
  const allowedPick = (i: number, draw: () => number) => {
    for (let tries = 0; tries < 8; tries++) {
      const t = draw();
      if (mayFollow(i, t)) return t;
    }
    return -1;
  };
  let adults = 0;
  for (let i = 0; i < N; i++) adults += 1 - minor[i]!;
  const starCandidates = Array.from({ length: N }, (_, i) => i).filter(
    (i) => ["Athlete (Professional)", "Coach"].includes(PROFILE_TYPES[typeOf[i]!]!) && !hasPrivacyRow[i] && !minor[i],
  );
  const stars: number[] = [];
  while (stars.length < 5) {
    const s = starCandidates.length >= 5 ? frnd.pick(starCandidates) : frnd.int(N);
    if (!stars.includes(s) && (!minor[s] || adults < 5)) stars.push(s);
  }
  const starFollowers = stars.map((s, k) => {
    const wanted = Math.round(N * (0.2 + (0.15 * k) / 4));
    const mark = new Uint8Array(N);
    const pool = Int32Array.from({ length: N }, (_, i) => i);
    for (let t = 0, chosen = 0; chosen < wanted && t < N; t++) {
      const j = t + frnd.int(N - t);
      [pool[t], pool[j]] = [pool[j]!, pool[t]!];
      if (!mayFollow(pool[t]!, s)) continue;
      mark[pool[t]!] = 1;
      chosen += 1;
    }
    return mark;
  });
  const heavyCount = Math.max(1, Math.round(N / 1000));
  const heavyTarget = Math.min(2000, Math.floor(N / 2));
  const heavy = new Set<number>();
  while (heavy.size < heavyCount) {
    const h = frnd.int(N);
    if (!stars.includes(h)) heavy.add(h);
  }
  const following = new Int32Array(N);
  const followers = new Int32Array(N);
  /** When `f` followed `t`: in the year, or for an adult following a minor, after they became contacts. */
  const followAt = (f: number, t: number) => {
    const u = unit(seed, Salt.FollowAt, f, t);
    if (!minor[t] || minor[f]) return yearStart + Math.floor(u * (YEAR - MINUTE));
    const since = pairFacts(f, t).acceptAt + MINUTE;
    return since + Math.floor(u * (now - MINUTE - since));
  };
  const follows = new Inserter(raw, "follow", ["follower_id", "followed_id", "created_at"], batches);
  batches.begin();
  for (let i = 0; i < N; i++) {
    const targets = new Set<number>();
    const regular = Math.min(N - 1, Math.round(meanFollows * frnd.activity(0.7)));
    for (let k = 0; k < regular; k++) {
      const t = allowedPick(i, () => (frnd.chance(0.5) ? groupMember(i, frnd) : popularity.pick(frnd.next())));
      if (t >= 0) targets.add(t);
    }
    stars.forEach((s, k) => starFollowers[k]![i] && targets.add(s));
    if (heavy.has(i)) {
      const wanted = heavyTarget - Math.round(frnd.next() * heavyTarget * 0.05);
      for (let tries = 0; targets.size < wanted && tries < wanted * 20; tries++) {
        const t = frnd.chance(0.3) ? frnd.int(N) : popularity.pick(frnd.next());
        if (mayFollow(i, t)) targets.add(t);
      }
    }
    const sorted = Int32Array.from(targets).sort();
    for (const t of sorted) {
      const at = followAt(i, t);
      follows.row(id(i), id(t), iso(at));
      followers[t]! += 1;
      if (at >= windowStart) events.push({ at, member: t, actor: i, kind: Kind.Followed, ref: 0 });
    }
    following[i] = sorted.length;
    if ((i & 1023) === 0) progress("follows", i, N);
  }
  follows.flush();
  batches.commit();
  progress("follows", N, N);
  endPhase("follows");

  // ---------------------------------------------------------------------------------------------
  // Posts: 10 per member over the year, very unevenly (stars post daily, many rarely), with
  // replies from the authors' contacts.
  const prnd = new Random(seed, 4);
  const P = 10 * N;
  // Stars post about daily (at most a tenth of all posts between them); the rest share the others.
  const starPosts = Math.min(365, Math.floor(P / 50));
  const postWeight = Float64Array.from({ length: N }, (_, i) => (stars.includes(i) ? 0 : prnd.activity(1.1)));
  let weightSum = 0;
  for (const w of postWeight) weightSum += w;
  const postsOf = new Int32Array(N);
  let assigned = 0;
  for (const s of stars) assigned += postsOf[s] = starPosts;
  const others = P - assigned;
  for (let i = 0; i < N; i++) if (!stars.includes(i)) assigned += postsOf[i] = Math.floor((others * postWeight[i]!) / weightSum);
  while (assigned < P) {
    const i = prnd.int(N);
    if (stars.includes(i)) continue;
    postsOf[i]! += 1;
    assigned += 1;
  }
  const posts = new Columns({ at: "f64", author: "i32" }, P);
  /** A moment of the year, in the day's busier hours. */
  const momentInYear = (r: Random) => {
    const day = yearStart + r.int(365) * DAY;
    let t = day + (6 + Math.floor(18 * Math.sqrt(r.next()))) * 3_600_000 + r.int(3_600_000);
    if (t > now - MINUTE) t -= DAY;
    return t;
  };
  for (let i = 0; i < N; i++) for (let k = 0; k < postsOf[i]!; k++) posts.push({ at: momentInYear(prnd), author: i });
  const postOrder = posts.orderBy(posts.data.at as Float64Array, yearStart - DAY);
  const replies = new Columns({ at: "f64", post: "i32", author: "i32", replier: "i32", text: "i32" }, P / 2);
  const postRows = new Inserter(raw, "post", ["id", "member_id", "description", "created_at"], batches);
  const fillFor = (t: string, i: number) => {
    const school = schools[schoolOf[i]!]!;
    return t
      .replaceAll("{sport}", sports[sportOf[i]!]!)
      .replaceAll("{city}", school.city)
      .replaceAll("{state}", stateNames.get(school.state) ?? school.state)
      .replaceAll("{team}", teamOf[i]!)
      .replaceAll("{position}", positionOf[i]!)
      .replaceAll("{first}", firstName[i]!);
  };
  batches.begin();
  let last = 0;
  for (let k = 0; k < P; k++) {
    const item = postOrder[k]!;
    const author = posts.data.author[item]!;
    const at = (last = Math.max(last, posts.data.at[item]!));
    const text = fillFor(words.POSTS[hash(seed, Salt.PostText, k) % words.POSTS.length]!, author).slice(0, 150);
    postRows.row(k + 1, id(author), text, iso(at));
    // Some posts get replies from the author's contacts (after the post, once they are contacts).
    const contacts = offset[author + 1]! - offset[author]!;
    if (contacts > 0 && prnd.chance(0.2)) {
      const count = 1 + (prnd.chance(0.35) ? 1 : 0) + (prnd.chance(0.1) ? 1 : 0);
      for (let r = 0; r < count; r++) {
        const replier = neighbors[offset[author]! + prnd.int(contacts)]!;
        const since = Math.max(at, pairFacts(author, replier).acceptAt);
        const replyAt = since + 2 * MINUTE + Math.floor(prnd.next() ** 3 * 36 * 3_600_000);
        if (replyAt < now - 1000) replies.push({ at: replyAt, post: k + 1, author, replier, text: prnd.int(words.REPLIES.length) });
      }
    }
    if ((k & 16383) === 0) progress("posts", k, P);
  }
  postRows.flush();
  const replyOrder = replies.orderBy(replies.data.at as Float64Array, yearStart - DAY);
  const replyRows = new Inserter(raw, "post_reply", ["id", "post_id", "member_id", "description", "created_at"], batches);
  last = 0;
  for (let k = 0; k < replies.length; k++) {
    const item = replyOrder[k]!;
    const at = (last = Math.max(last, replies.data.at[item]!));
    replyRows.row(k + 1, replies.data.post[item]!, id(replies.data.replier[item]!), words.REPLIES[replies.data.text[item]!]!, iso(at));
    if (at >= windowStart)
      events.push({
        at,
        member: replies.data.author[item]!,
        actor: replies.data.replier[item]!,
        kind: Kind.Replied,
        ref: replies.data.text[item]!,
      });
  }
  replyRows.flush();
  batches.commit();
  progress("posts", P, P);
  endPhase("posts");

  // ---------------------------------------------------------------------------------------------
  // Messages: 20 per member, in conversations between contacts (a subject, then "Re:" back and
  // forth), after they became contacts.
  const mrnd = new Random(seed, 5);
  const M = 20 * N;
  const talkers = new WeightedPicker(Float64Array.from({ length: N }, (_, i) => (offset[i + 1]! > offset[i]! ? mrnd.activity(0.9) : 0)));
  const messages = new Columns({ at: "f64", sender: "i32", recipient: "i32", subject: "i32", reply: "u8" }, M);
  while (messages.length < M) {
    const a = talkers.pick(mrnd.next());
    const b = neighbors[offset[a]! + mrnd.int(offset[a + 1]! - offset[a]!)]!;
    const since = pairFacts(a, b).acceptAt;
    let at = since + MINUTE + Math.floor(mrnd.next() * (now - since));
    const length = Math.min(M - messages.length, 1 + Math.floor(-Math.log(1 - mrnd.next()) * 2.5));
    const subject = mrnd.int(words.SUBJECTS.length);
    let sender = a;
    for (let k = 0; k < length && at < now - 1000; k++) {
      messages.push({ at, sender, recipient: sender === a ? b : a, subject, reply: k > 0 ? 1 : 0 });
      if (mrnd.chance(0.75)) sender = sender === a ? b : a;
      at += 3 * MINUTE + Math.floor(mrnd.next() ** 3 * 2 * DAY);
    }
  }
  const messageOrder = messages.orderBy(messages.data.at as Float64Array, yearStart - DAY);
  const lastSeen = (i: number) => now - Math.floor(unit(seed, Salt.LastSeen, i) ** 2 * 4 * DAY);
  const subjectOf = (item: number) => `${messages.data.reply[item] ? "Re: " : ""}${words.SUBJECTS[messages.data.subject[item]!]!}`;
  const messageRows = new Inserter(raw, "message", ["id", "sender_id", "recipient_id", "subject", "body", "created_at"], batches);
  const copyRows = new Inserter(raw, "message_copy", ["id", "message_id", "owner_id", "box", "is_read", "created_at"], batches);
  batches.begin();
  last = 0;
  for (let k = 0; k < M; k++) {
    const item = messageOrder[k]!;
    const sender = messages.data.sender[item]!;
    const recipient = messages.data.recipient[item]!;
    const at = (last = Math.max(last, messages.data.at[item]!));
    const when = iso(at);
    const body = fillFor(
      words.BODIES[hash(seed, Salt.Body, k) % words.BODIES.length]!.replaceAll("{first}", firstName[recipient]!),
      sender,
    );
    messageRows.row(k + 1, id(sender), id(recipient), subjectOf(item), body, when);
    const read = at <= lastSeen(recipient) && unit(seed, Salt.NeverOpened, k) > 0.03 ? 1 : 0;
    copyRows.row(2 * k + 1, k + 1, id(sender), "sent", 1, when);
    copyRows.row(2 * k + 2, k + 1, id(recipient), "inbox", read, when);
    if (at >= windowStart) events.push({ at, member: recipient, actor: sender, kind: Kind.Message, ref: k });
    if ((k & 16383) === 0) progress("messages", k, M);
  }
  messageRows.flush();
  copyRows.flush();
  batches.commit();
  progress("messages", M, M);
  endPhase("messages");

  // ---------------------------------------------------------------------------------------------
  // Notifications (what notifications.service writes for each event of the window, in time order)
  // and the live events live.service logs for the last days.
  const noteOrder = events.orderBy(events.data.at as Float64Array, windowStart - DAY);
  // The texts that name only the actor, made once per actor.
  const requestedText = new Array<string | undefined>(N);
  const acceptedText = new Array<string | undefined>(N);
  const followedText = new Array<string | undefined>(N);
  const liveStart = now - o.liveEventDays * DAY;
  const readNotesStart = now - NOTIFICATION_RETENTION_MS.read;
  const notes = new Inserter(
    raw,
    "notification",
    ["id", "member_id", "kind", "subject", "text", "link", "actor_id", "is_read", "created_at"],
    batches,
  );
  const live = new Inserter(raw, "live_event", ["id", "member_id", "type", "data", "created_at"], batches);
  let liveId = 0;
  batches.begin();
  last = 0;
  for (let k = 0; k < events.length; k++) {
    const item = noteOrder[k]!;
    const kind = events.data.kind[item]! as Kind;
    const member = events.data.member[item]!;
    const actor = events.data.actor[item]!;
    const ref = events.data.ref[item]!;
    const at = (last = Math.max(last, events.data.at[item]!));
    const name = fullName[actor]!;
    let subject: string;
    let text: string;
    let link: string;
    switch (kind) {
      case Kind.Requested:
        subject = serverTexts.notifyContactRequestedSubject;
        text = requestedText[actor] ??= fillText(serverTexts.notifyContactRequestedText, { name });
        link = "/contacts/requests";
        break;
      case Kind.Accepted:
        subject = serverTexts.notifyContactAcceptedSubject;
        text = acceptedText[actor] ??= fillText(serverTexts.notifyContactAcceptedText, { name });
        link = `/members/view-profile/show-profile?memberID=${id(actor)}`;
        break;
      case Kind.Followed:
        subject = serverTexts.notifyFollowedSubject;
        text = followedText[actor] ??= fillText(serverTexts.notifyFollowedText, { name });
        link = "/contacts/people-following-me";
        break;
      case Kind.Message:
        subject = serverTexts.notifyMessageSubject;
        text = fillText(serverTexts.notifyMessageText, { name, subject: snippet(subjectOf(messageOrder[ref]!)) });
        link = "/messages/view-messages";
        break;
      default:
        subject = serverTexts.notifyReplySubject;
        text = fillText(serverTexts.notifyReplyText, { name, text: snippet(words.REPLIES[ref]!) });
        link = "/home";
    }
    const when = iso(at);
    if (at >= liveStart && kind === Kind.Message) {
      // messages.service send: the recipient's "message.received", the sender's "messages.changed".
      live.row(
        ++liveId,
        id(member),
        "message.received",
        JSON.stringify({ messageId: 2 * ref + 2, sourceId: ref + 1, from: name, subject: subjectOf(messageOrder[ref]!) }),
        when,
      );
      live.row(++liveId, id(actor), "messages.changed", "{}", when);
    }
    const read = at <= lastSeen(member);
    // What retention keeps: read notifications for a shorter time than unread ones.
    if (!read || at >= readNotesStart) notes.row(k + 1, id(member), KIND_NAMES[kind], subject, text, link, id(actor), read ? 1 : 0, when);
    if (at >= liveStart) {
      live.row(
        ++liveId,
        id(member),
        "notification.created",
        JSON.stringify({ notificationId: k + 1, kind: KIND_NAMES[kind], subject, text, link }),
        when,
      );
    }
    if ((k & 16383) === 0) progress("notifications", k, events.length);
  }
  notes.flush();
  live.flush();
  batches.commit();
  progress("notifications", events.length, events.length);
  endPhase("notifications");

  // ---------------------------------------------------------------------------------------------
  // The schema as the migrations made it, then the derived structures from the base tables.
  let restored = 0;
  restoreSchemaObjects(raw, setAside, () => progress("indexes", ++restored, setAside.length));
  endPhase("indexes and triggers");
  raw.exec("PRAGMA foreign_keys = ON");
  for (const [k, d] of DERIVED.entries()) {
    progress(d.name, k, DERIVED.length);
    await d.rebuild(db);
  }
  progress("derived", DERIVED.length, DERIVED.length);
  endPhase("derived structures");
  raw.exec("PRAGMA locking_mode = NORMAL");
  raw.exec("PRAGMA journal_mode = WAL");
  const counts = tableCounts(raw);
  raw.close();
  endPhase("close");

  // ---------------------------------------------------------------------------------------------
  // Bench subjects.
  const subject = (i: number): BenchSubject => ({
    id: id(i),
    email: emailOf[i]!,
    name: fullName[i]!,
    contacts: offset[i + 1]! - offset[i]!,
    following: following[i]!,
    followers: followers[i]!,
    posts: postsOf[i]!,
  });
  // Typical: about the average number of contacts and follows (the issue's "about 150 and 50 each").
  const averageContacts = Math.round((2 * pairs) / N);
  const special = (i: number) => stars.includes(i) || heavy.has(i) || hasPrivacyRow[i] === 1;
  const isTypical = (i: number) =>
    !special(i) &&
    Math.abs(degree[i]! - averageContacts) <= Math.max(2, averageContacts * 0.05) &&
    Math.abs(following[i]! - meanFollows) <= Math.max(3, meanFollows * 0.25) &&
    postsOf[i]! >= 5 &&
    postsOf[i]! <= 20;
  /** The first member from `start` on who passes the first test that someone passes. */
  const findFrom = (start: number, ...tests: Array<(i: number) => boolean>) => {
    for (const test of tests) for (let k = 0; k < N; k++) if (test((start + k) % N)) return (start + k) % N;
    return start % N;
  };
  const typical = findFrom(Math.floor(N / 3), isTypical, (i) => !special(i));
  const bigStar = stars.reduce((a, b) => (followers[b]! > followers[a]! ? b : a));
  const followsBigStar = (i: number) => i !== typical && starFollowers[stars.indexOf(bigStar)]![i] === 1;
  const starFollower = findFrom(
    Math.floor((2 * N) / 3),
    (i) => followsBigStar(i) && isTypical(i),
    (i) => followsBigStar(i) && !special(i),
    followsBigStar,
  );
  const contactOfTypical = neighbors[offset[typical]!] ?? typical;
  const moreStarFollowers: number[] = [];
  for (let k = 1; k < N && moreStarFollowers.length < 15; k++) {
    const i = (starFollower + k) % N;
    if (followsBigStar(i) && !special(i)) moreStarFollowers.push(i);
  }
  const firstNames = new Map<string, number>();
  for (let i = 0; i < N; i++) firstNames.set(firstName[i]!, (firstNames.get(firstName[i]!) ?? 0) + 1);
  const common = [...firstNames.entries()].filter(([n]) => /^[a-z]{5,}$/i.test(n)).sort((a, b) => b[1] - a[1])[0]?.[0] ?? "Jordan";
  return {
    members: N,
    seed,
    now: iso(now),
    password: o.password,
    subjects: {
      typical: subject(typical),
      following2000: subject([...heavy].sort((a, b) => a - b)[0]!),
      starFollower: subject(starFollower),
      star: subject(bigStar),
      contactOfTypical: subject(contactOfTypical),
      starFollowers: [starFollower, ...moreStarFollowers].map(subject),
    },
    stars: stars.map(subject).sort((a, b) => b.followers - a.followers),
    heavyFollowers: [...heavy]
      .sort((a, b) => a - b)
      .slice(0, 10)
      .map(subject),
    searchTerms: { two: common.slice(0, 2).toLowerCase(), three: common.slice(0, 3).toLowerCase(), five: common.slice(0, 5).toLowerCase() },
    phases,
    counts,
  };
}

/**
 * Date.prototype.toISOString for whole milliseconds, five times faster (tens of millions of
 * timestamps are written): the day's prefix is cached, the time of day is put together from tables.
 */
export function isoWriter(): (ms: number) => string {
  const P2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
  const P3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
  const prefixes = new Map<number, string>();
  return (ms: number) => {
    const day = Math.floor(ms / DAY);
    let prefix = prefixes.get(day);
    if (prefix === undefined) prefixes.set(day, (prefix = new Date(day * DAY).toISOString().slice(0, 11)));
    let rest = ms - day * DAY;
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const m = Math.floor(rest / 60_000);
    rest -= m * 60_000;
    const sec = Math.floor(rest / 1000);
    return `${prefix}${P2[h]}:${P2[m]}:${P2[sec]}.${P3[rest - sec * 1000]}Z`;
  };
}

/** Rows per table (virtual tables' shadow tables left out), for the report. */
export function tableCounts(raw: RawDb): Array<{ table: string; rows: number }> {
  const all = raw
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string; sql: string }>;
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  return all
    .filter((t) => !virtual.some((v) => t.name.startsWith(`${v}_`)) && !t.name.startsWith("kysely_"))
    .map((t) => ({ table: t.name, rows: one<{ n: number }>(raw, `SELECT count(*) AS n FROM "${t.name}"`).n }));
}
