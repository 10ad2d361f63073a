/**
 * Loads demo data into the database of DATA_DIR: members of every profile type with full, varied
 * profiles (sport, positions, measurables, schools, jobs, contact details), all active, with the
 * password "sideline", connected in a small graph: accepted contacts, pending requests and follows.
 * Deterministic, and safe to run again: members that exist are left as they are, and a pair that
 * is linked already (either way) is skipped. Months of home-feed posts (3 to 6 per member over the
 * last four months) with replies from the author's contacts, and 5 sample news items: a post or
 * reply whose author already wrote that text there is skipped, a news item by its guid. Later
 * issues add their data here. Conversations between contacts (the newest ones unread) and the
 * notifications they and the graph would have made (requests, follows, messages), once each.
 */
import path from "node:path";
import { findMemberByEmail, insertMember } from "../src/domains/accounts/accounts.repository.ts";
import { acceptRequest, findLink, insertFollow, insertRequest } from "../src/domains/contacts/contacts.repository.ts";
import { insertPost, insertReply } from "../src/domains/feed/feed.repository.ts";
import { insertMessage } from "../src/domains/messages/messages.repository.ts";
import { insertNotification } from "../src/domains/notifications/notifications.repository.ts";
import type { NotificationKind } from "../src/domains/notifications/notifications.schema.ts";
import { fillText } from "../src/shared/texts.ts";
import { serverTexts } from "../src/shared/server-texts.ts";
import { addNews } from "../src/domains/news/news.service.ts";
import { DAY, MINUTE } from "../src/platform/clock.ts";
import { hashPassword } from "../src/platform/crypto.ts";
import { createAppContext } from "../src/platform/app-context.ts";
import { silentLogger } from "../src/platform/logger.ts";
import { createMailer } from "../src/platform/mailer.ts";
import { insertEmployment, insertSchoolEntry, upsertProfile } from "../src/domains/profiles/profiles.repository.ts";
import { upsertPrivacy } from "../src/domains/privacy/privacy.repository.ts";
import { isAthleteStatus } from "../src/domains/profiles/profiles.schema.ts";
import { openDatabase } from "../src/platform/db/open.ts";
import { migrateToLatest } from "../src/platform/db/migrator.ts";
import { databaseLocation, loadConfig } from "../src/server/env.ts";
import { MemberStatus, type ProfileType } from "../src/shared/members.ts";

export const DEMO_PASSWORD = "sideline";

interface DemoMember {
  first: string;
  last: string;
  gender: "Female" | "Male";
  born: string;
  type: ProfileType;
  title: string;
  sport: string;
  city: string;
  state: string;
  positions?: [string, string];
  hand?: "Left" | "Right";
  height?: number;
  weight?: number;
  bio: string;
}

const DEMO_MEMBERS: DemoMember[] = [
  {
    first: "Jordan",
    last: "Ellis",
    gender: "Male",
    born: "1986-02-11",
    type: "Agent",
    title: "Football agent, Ellis Sports Management",
    sport: "American Football",
    city: "Dallas",
    state: "TX",
    bio: "Representing NFL and college prospects for 12 years.",
  },
  {
    first: "Maya",
    last: "Okafor",
    gender: "Female",
    born: "2004-06-23",
    type: "Athlete (Amateur)",
    title: "Point guard, State University",
    sport: "Basketball",
    city: "Columbus",
    state: "OH",
    positions: ["Point Guard", "Shooting Guard"],
    hand: "Right",
    height: 68,
    weight: 145,
    bio: "Floor general with a quick first step. 2x all-conference.",
  },
  {
    first: "Luis",
    last: "Romero",
    gender: "Male",
    born: "1997-09-02",
    type: "Athlete (Professional)",
    title: "Midfielder",
    sport: "Soccer",
    city: "San Jose",
    state: "CA",
    positions: ["Central Midfielder", "Attacking Midfielder"],
    hand: "Left",
    height: 70,
    weight: 160,
    bio: "Left-footed playmaker, 6 seasons in the USL.",
  },
  {
    first: "Priya",
    last: "Nair",
    gender: "Female",
    born: "1990-12-05",
    type: "Athletic Trainer",
    title: "Head athletic trainer",
    sport: "Athletics (Track and Field)",
    city: "Eugene",
    state: "OR",
    bio: "Injury prevention and return-to-play for distance runners.",
  },
  {
    first: "Tom",
    last: "Becker",
    gender: "Male",
    born: "1975-04-18",
    type: "Coach",
    title: "Varsity basketball coach",
    sport: "Basketball",
    city: "Indianapolis",
    state: "IN",
    bio: "Building high-school programs the right way since 2001.",
  },
  {
    first: "Grace",
    last: "Kim",
    gender: "Female",
    born: "1982-08-30",
    type: "Management",
    title: "General manager",
    sport: "Volleyball",
    city: "Seattle",
    state: "WA",
    bio: "Running a pro volleyball club and its youth academy.",
  },
  {
    first: "Samuel",
    last: "Adeyemi",
    gender: "Male",
    born: "1979-01-14",
    type: "Referee",
    title: "FIFA-licensed referee",
    sport: "Soccer",
    city: "Atlanta",
    state: "GA",
    bio: "Referee for MLS and international friendlies.",
  },
  {
    first: "Helen",
    last: "Moreau",
    gender: "Female",
    born: "1960-03-09",
    type: "Retired",
    title: "Former Olympic rower",
    sport: "Rowing",
    city: "Boston",
    state: "MA",
    bio: "Two-time Olympian, now mentoring young rowers.",
  },
  {
    first: "Ryan",
    last: "Walsh",
    gender: "Male",
    born: "1984-11-21",
    type: "Scout",
    title: "College football scout",
    sport: "American Football",
    city: "Tuscaloosa",
    state: "AL",
    bio: "Evaluating linemen across the Southeast.",
  },
  {
    first: "Ava",
    last: "Lindqvist",
    gender: "Female",
    born: "1999-07-07",
    type: "Sports Fanatic",
    title: "Season-ticket holder",
    sport: "Ice Hockey",
    city: "Saint Paul",
    state: "MN",
    bio: "Never missed a home game in ten years.",
  },
  {
    first: "Marcus",
    last: "Hill",
    gender: "Male",
    born: "2005-03-15",
    type: "Athlete (Amateur)",
    title: "Wide receiver, Lincoln High",
    sport: "American Football",
    city: "Omaha",
    state: "NE",
    positions: ["Wide Receiver", "Kick Returner"],
    hand: "Right",
    height: 73,
    weight: 185,
    bio: "4.45 40-yard dash, 1,100 receiving yards as a junior.",
  },
  {
    first: "Sofia",
    last: "Rossi",
    gender: "Female",
    born: "2003-10-01",
    type: "Athlete (Amateur)",
    title: "Outside hitter, Coastal College",
    sport: "Volleyball",
    city: "San Diego",
    state: "CA",
    positions: ["Outside Hitter", "Opposite"],
    hand: "Left",
    height: 72,
    weight: 160,
    bio: "Left-handed hitter with a 10-foot approach touch.",
  },
  {
    first: "Kenji",
    last: "Watanabe",
    gender: "Male",
    born: "1995-05-27",
    type: "Athlete (Professional)",
    title: "Starting pitcher",
    sport: "Baseball",
    city: "Phoenix",
    state: "AZ",
    positions: ["Starting Pitcher", "Relief Pitcher"],
    hand: "Right",
    height: 75,
    weight: 205,
    bio: "Four-seamer at 96, looking for the next challenge.",
  },
  {
    first: "Chloe",
    last: "Dubois",
    gender: "Female",
    born: "2006-01-19",
    type: "Athlete (Amateur)",
    title: "Freestyle swimmer",
    sport: "Swimming",
    city: "Austin",
    state: "TX",
    positions: ["200m Freestyle", "400m Individual Medley"],
    hand: "Right",
    height: 69,
    weight: 140,
    bio: "State champion in the 200 free, class of 2025.",
  },
  {
    first: "Diego",
    last: "Alvarez",
    gender: "Male",
    born: "2002-08-08",
    type: "Athlete (Amateur)",
    title: "Goalkeeper, Metro State",
    sport: "Soccer",
    city: "Denver",
    state: "CO",
    positions: ["Goalkeeper", "Goalkeeper"],
    hand: "Right",
    height: 76,
    weight: 190,
    bio: "Shot-stopper, 11 clean sheets last season.",
  },
  {
    first: "Aisha",
    last: "Bello",
    gender: "Female",
    born: "1998-12-12",
    type: "Athlete (Professional)",
    title: "Sprinter",
    sport: "Athletics (Track and Field)",
    city: "Houston",
    state: "TX",
    positions: ["100m", "200m"],
    hand: "Right",
    height: 66,
    weight: 128,
    bio: "11.08 in the 100m. Training for the next championships.",
  },
  {
    first: "Ethan",
    last: "Brooks",
    gender: "Male",
    born: "1988-06-06",
    type: "Coach",
    title: "Strength and conditioning coach",
    sport: "Weightlifting",
    city: "Nashville",
    state: "TN",
    bio: "Helping athletes get strong, fast and durable.",
  },
  {
    first: "Nora",
    last: "Haddad",
    gender: "Female",
    born: "1992-02-22",
    type: "Scout",
    title: "Women's basketball scout",
    sport: "Basketball",
    city: "Chicago",
    state: "IL",
    bio: "Scouting guards and wings for the pro game.",
  },
  {
    first: "Owen",
    last: "Fraser",
    gender: "Male",
    born: "2004-09-30",
    type: "Athlete (Amateur)",
    title: "Center, River Valley HS",
    sport: "Ice Hockey",
    city: "Buffalo",
    state: "NY",
    positions: ["Center", "Left Wing"],
    hand: "Left",
    height: 71,
    weight: 175,
    bio: "Two-way center with a heavy shot.",
  },
  {
    first: "Lena",
    last: "Schmidt",
    gender: "Female",
    born: "1985-04-04",
    type: "Agent",
    title: "Tennis agent",
    sport: "Tennis",
    city: "Miami",
    state: "FL",
    bio: "Representing WTA and ITF players.",
  },
];

/** Accepted contacts: [requester, accepter] by "First Last". */
const DEMO_CONTACTS: Array<[string, string]> = [
  ["Maya Okafor", "Tom Becker"],
  ["Nora Haddad", "Maya Okafor"],
  ["Maya Okafor", "Chloe Dubois"],
  ["Sofia Rossi", "Maya Okafor"],
  ["Maya Okafor", "Priya Nair"],
  ["Jordan Ellis", "Marcus Hill"],
  ["Ryan Walsh", "Jordan Ellis"],
  ["Ryan Walsh", "Marcus Hill"],
  ["Luis Romero", "Diego Alvarez"],
  ["Samuel Adeyemi", "Luis Romero"],
  ["Grace Kim", "Sofia Rossi"],
  ["Kenji Watanabe", "Jordan Ellis"],
  ["Helen Moreau", "Priya Nair"],
  ["Ethan Brooks", "Aisha Bello"],
  ["Ethan Brooks", "Marcus Hill"],
  ["Owen Fraser", "Ava Lindqvist"],
  ["Lena Schmidt", "Grace Kim"],
  ["Tom Becker", "Nora Haddad"],
  ["Priya Nair", "Aisha Bello"],
  ["Chloe Dubois", "Sofia Rossi"],
];

/** Requests still waiting for an answer: [requester, member asked]. */
const DEMO_REQUESTS: Array<[string, string]> = [
  ["Maya Okafor", "Jordan Ellis"],
  ["Owen Fraser", "Maya Okafor"],
  ["Aisha Bello", "Maya Okafor"],
  ["Aisha Bello", "Lena Schmidt"],
  ["Chloe Dubois", "Helen Moreau"],
  ["Ava Lindqvist", "Kenji Watanabe"],
  ["Diego Alvarez", "Samuel Adeyemi"],
];

/** Follows: [follower, followed]. */
const DEMO_FOLLOWS: Array<[string, string]> = [
  ["Maya Okafor", "Aisha Bello"],
  ["Maya Okafor", "Kenji Watanabe"],
  ["Maya Okafor", "Luis Romero"],
  ["Maya Okafor", "Nora Haddad"],
  ["Tom Becker", "Maya Okafor"],
  ["Nora Haddad", "Maya Okafor"],
  ["Ava Lindqvist", "Maya Okafor"],
  ["Ava Lindqvist", "Owen Fraser"],
  ["Ava Lindqvist", "Marcus Hill"],
  ["Ryan Walsh", "Marcus Hill"],
  ["Jordan Ellis", "Marcus Hill"],
  ["Jordan Ellis", "Kenji Watanabe"],
  ["Lena Schmidt", "Aisha Bello"],
  ["Lena Schmidt", "Sofia Rossi"],
  ["Marcus Hill", "Jordan Ellis"],
  ["Sofia Rossi", "Grace Kim"],
  ["Diego Alvarez", "Luis Romero"],
  ["Chloe Dubois", "Aisha Bello"],
  ["Chloe Dubois", "Maya Okafor"],
  ["Helen Moreau", "Chloe Dubois"],
  ["Samuel Adeyemi", "Diego Alvarez"],
  ["Grace Kim", "Sofia Rossi"],
  ["Ethan Brooks", "Kenji Watanabe"],
];

/** Home-feed posts; {sport} and {city} are the author's. Member i writes 3 + i % 4 of them (distinct). */
const POST_TEXTS = [
  "Great session this morning. {sport} season can't come soon enough!",
  "Film study tonight, then early lift tomorrow. Who else is grinding this week?",
  "Big thanks to everyone who came out to the clinic in {city} on Saturday.",
  "New personal best in the weight room today. Small steps add up.",
  "Recovery day: stretching, ice bath, early night. Rest is part of the work.",
  "Anyone know a good {sport} camp near {city} this summer?",
  "Proud of the whole group after last night. We kept fighting to the end.",
  "Watching old game tape and finding something new every time.",
  "Travel day. Podcast recommendations for a long bus ride?",
  "Shout-out to the trainers and volunteers who make game day happen.",
  "Weather in {city} did not cooperate, but practice went on anyway.",
  "Set three goals for this month: consistency, sleep, and more reps.",
  "Tryouts are next week. Nervous and excited at the same time.",
  "First time trying yoga for mobility. My hamstrings have opinions.",
  "Looking for {sport} players in {city} for weekend pickup games.",
  "Nutrition tip that helped me: plan meals on Sunday for the whole week.",
  "Just finished a great book on sports psychology. Happy to share notes.",
  "Season recap coming soon. What a ride it has been.",
  "Rain delay, so here is a reminder to hydrate, everyone.",
  "Honored to be named to the all-conference list this year. Thank you, team!",
  "Coaches who push you are the ones who believe in you.",
  "Two-a-days are back. Legs are sore, spirit is strong.",
  "Does anyone track sleep with a wearable? Worth it?",
  "Community day with the kids' {sport} program in {city}. Best day of the month.",
];

/** Replies from the author's contacts. */
const REPLY_TEXTS = [
  "Love this! Keep it up.",
  "Count me in.",
  "Great work, proud of you.",
  "Let's train together next week.",
  "So true.",
  "Good luck, you've got this!",
  "Sending you a message with details.",
  "That's the spirit.",
  "Congrats, well deserved!",
  "Same here, see you there.",
  "Thanks for sharing this.",
  "Rest up, big week ahead.",
];

/** Sample Recent News (the migrations add a welcome item); guid keeps a rerun from adding them again. */
const DEMO_NEWS = [
  {
    guid: "demo:news-1",
    daysAgo: 1,
    headerText: "Spring tryout calendar published",
    navigateUrl: "https://www.example.org/tryouts",
    text: "Clubs and college programs have posted their spring tryout dates. Check the calendar, update your profile and reach out to coaches early: spots fill fast.",
  },
  {
    guid: "demo:news-2",
    daysAgo: 4,
    headerText: "Recovery matters as much as training",
    navigateUrl: "https://www.example.org/recovery",
    text: "Sports scientists agree that sleep, nutrition and planned rest days reduce injuries and improve performance across every sport and level of play.",
  },
  {
    guid: "demo:news-3",
    daysAgo: 9,
    headerText: "Youth clinics return this summer",
    navigateUrl: "https://www.example.org/clinics",
    text: "Free community clinics for basketball, soccer and volleyball are back in a dozen cities, run by local coaches and former professionals.",
  },
  {
    guid: "demo:news-4",
    daysAgo: 16,
    headerText: "Scouts look beyond the stat sheet",
    navigateUrl: "https://www.example.org/scouting",
    text: "Coachability, work ethic and game film carry more weight than ever: a complete profile with highlights helps scouts see the whole athlete.",
  },
  {
    guid: "demo:news-5",
    daysAgo: 30,
    headerText: "Find your people on Sideline",
    navigateUrl: "/contacts/find-contacts",
    text: "Search by sport, position or city, follow members whose updates you want in your feed, and send contact requests to the people you know.",
  },
];

const SCHOOL_PICKS: Array<[string, number]> = [
  ["OH", 3],
  ["CA", 3],
  ["TX", 1],
  ["NY", 2],
  ["IL", 3],
  ["FL", 1],
  ["WA", 3],
  ["MA", 3],
];
const MAJORS = ["Kinesiology", "Sports Management", "Business Administration", "Exercise Science", "Communications", "Physical Therapy"];
const LEVELS = ["Division I", "Division II", "Division III", "Club Sports", "Intramural Sports"];

/** Private conversations between contacts: [from, to, subject, text, hours ago]. */
const DEMO_MESSAGES: Array<[string, string, string, string, number]> = [
  [
    "Tom Becker",
    "Maya Okafor",
    "Summer camp",
    "Maya, we would love to have you help run the guards session at our summer camp. Interested?",
    260,
  ],
  ["Maya Okafor", "Tom Becker", "Re: Summer camp", "Coach, absolutely! Send me the dates and I will block them.", 250],
  ["Tom Becker", "Maya Okafor", "Re: Summer camp", "June 14-18, mornings only. I will put you down for the ball-handling station.", 240],
  [
    "Nora Haddad",
    "Maya Okafor",
    "Film from Saturday",
    "Great game on Saturday. Could you share the full game film? A couple of teams asked me about you.",
    30,
  ],
  [
    "Priya Nair",
    "Maya Okafor",
    "Ankle check",
    "How is the ankle after the weekend? Come by the training room on Monday and we will retest it.",
    6,
  ],
  ["Chloe Dubois", "Maya Okafor", "Gym Sunday?", "Open gym on Sunday at 10? Bring a ball, I will bring the playlist.", 2],
  [
    "Ryan Walsh",
    "Marcus Hill",
    "Visit this fall",
    "Marcus, our staff would like to see you at the combine in October. Do you have the dates yet?",
    70,
  ],
  ["Marcus Hill", "Ryan Walsh", "Re: Visit this fall", "Yes sir, October 12th. My coach will send my updated times.", 60],
  [
    "Jordan Ellis",
    "Marcus Hill",
    "Representation",
    "Congratulations on the season. When you are ready to talk about next steps, I am here.",
    20,
  ],
  ["Luis Romero", "Diego Alvarez", "Penalty drills", "Want to stay after practice for penalties? I need reps against a real keeper.", 12],
  ["Diego Alvarez", "Luis Romero", "Re: Penalty drills", "Always. 20 minutes after the cool-down.", 11],
  ["Grace Kim", "Sofia Rossi", "Academy tryouts", "Our academy holds tryouts next month. Your approach touch would fit right in.", 45],
  [
    "Ethan Brooks",
    "Aisha Bello",
    "New block",
    "The next strength block starts Monday: three days a week, lower volume, more speed work.",
    8,
  ],
];

export const demoEmail = (first: string, last: string) => `${first}.${last}@demo.sideline.local`.toLowerCase();

const config = loadConfig();
const db = await openDatabase(databaseLocation(config));
await migrateToLatest(db);
const passwordHash = await hashPassword(DEMO_PASSWORD);
const companies = await db.selectFrom("company").select(["id", "name"]).orderBy("id").execute();
let added = 0;

for (const [i, m] of DEMO_MEMBERS.entries()) {
  const email = demoEmail(m.first, m.last);
  if (await findMemberByEmail(db, email)) continue;
  const now = new Date().toISOString();
  const athlete = isAthleteStatus(m.type);
  await db.transaction().execute(async (trx) => {
    const memberId = await insertMember(trx, {
      email,
      passwordHash,
      firstName: m.first,
      middleName: "",
      lastName: m.last,
      gender: m.gender,
      birthDate: m.born,
      profileType: m.type,
      title: m.title,
      picturePath: null,
      status: MemberStatus.Active,
      welcomeBackPending: 0,
      createdAt: now,
      updatedAt: now,
    });
    await upsertProfile(
      trx,
      memberId,
      {
        sport: m.sport,
        bio: m.bio,
        currentCity: m.city,
        hometown: m.city,
        city: m.city,
        state: m.state,
        showGender: i % 2,
        showBirthDate: i % 3 === 0 ? 1 : 0,
        lookingForEmployment: i % 4 === 0 ? 1 : 0,
        lookingForNetworking: 1,
        lookingForPartnership: i % 5 === 0 ? 1 : 0,
        lookingForRecruitment: athlete ? 1 : 0,
        preferredHandFoot: athlete ? (m.hand ?? "Right") : "",
        preferredPosition: athlete ? (m.positions?.[0] ?? "") : "",
        secondaryPosition: athlete ? (m.positions?.[1] ?? "") : "",
        heightInches: athlete ? (m.height ?? null) : null,
        weightLbs: athlete ? (m.weight ?? null) : null,
        otherSportingInterest: athlete ? "" : "Athletes and Sports",
        cellPhone: `555-01${String(i).padStart(2, "0")}`,
        twitter: `@${m.first.toLowerCase()}${m.last.toLowerCase()}`,
        aboutMe: `${m.first} ${m.last}: ${m.title}.`,
        activities: "Training, film study, community clinics",
        photoAccountUrl: `https://www.instagram.com/${m.first.toLowerCase()}.${m.last.toLowerCase()}/`,
      },
      now,
    );
    // One member in three shows their cell phone: its level is its one control (decision 037).
    if (i % 3 === 1) await upsertPrivacy(trx, memberId, { mobilePhone: 1 }, now);
    const [state, type] = SCHOOL_PICKS[i % SCHOOL_PICKS.length]!;
    const school = await trx
      .selectFrom("school")
      .select("id")
      .where("state", "=", state)
      .where("type", "=", type)
      .orderBy("name")
      .offset(i * 7)
      .limit(1)
      .executeTakeFirst();
    if (school) {
      await insertSchoolEntry(trx, {
        memberId,
        schoolId: school.id,
        degreeTypeId: type === 3 ? 1 : 3,
        major: type === 3 ? MAJORS[i % MAJORS.length]! : "General Studies",
        yearClass: Number(m.born.slice(0, 4)) + (type === 3 ? 22 : 18),
        competitionLevel: LEVELS[i % LEVELS.length]!,
        societies: "",
        createdAt: now,
      });
    }
    if (!athlete && companies.length > 0) {
      const company = companies[i % companies.length]!;
      await insertEmployment(trx, {
        memberId,
        companyId: company.id,
        title: m.title,
        description: m.bio,
        city: m.city,
        state: m.state,
        startMonth: 1 + (i % 12),
        startYear: 2015 + (i % 8),
        endMonth: null,
        endYear: null,
        currentlyWorksHere: 1,
        createdAt: now,
      });
    }
  });
  added += 1;
}
console.log(`seed: ${added} demo members added (${DEMO_MEMBERS.length - added} already there).`);

// The contact graph: a pair already linked either way (by the seed or by the members themselves) is left as it is.
const idOf = new Map<string, number>();
for (const m of DEMO_MEMBERS) {
  const row = await findMemberByEmail(db, demoEmail(m.first, m.last));
  if (row) idOf.set(`${m.first} ${m.last}`, row.id);
}
/** Both ids, or null when one of them is gone (an e-mail changed since an earlier seed). */
const pairOf = ([a, b]: [string, string]) => {
  const [x, y] = [idOf.get(a), idOf.get(b)];
  return x === undefined || y === undefined ? null : ([x, y] as const);
};
const linked = async (a: number, b: number) => !!(await findLink(db, a, b)) || !!(await findLink(db, b, a));
const graphAt = new Date().toISOString();
let contactsAdded = 0;
let requestsAdded = 0;
let followsAdded = 0;
for (const names of DEMO_CONTACTS) {
  const pair = pairOf(names);
  if (!pair || (await linked(...pair))) continue;
  const [a, b] = pair;
  await db.transaction().execute(async (trx) => {
    await insertRequest(trx, a, b, graphAt);
    await acceptRequest(trx, a, b, graphAt);
  });
  contactsAdded += 1;
}
for (const names of DEMO_REQUESTS) {
  const pair = pairOf(names);
  if (!pair || (await linked(...pair))) continue;
  const [a, b] = pair;
  await insertRequest(db, a, b, graphAt);
  requestsAdded += 1;
}
for (const names of DEMO_FOLLOWS) {
  const pair = pairOf(names);
  if (pair && (await insertFollow(db, pair[0], pair[1], graphAt))) followsAdded += 1;
}
console.log(`seed: ${contactsAdded} contacts, ${requestsAdded} pending requests and ${followsAdded} follows added.`);
// Home feed: months of posts with replies from the authors' contacts, spread over the last four
// months (times relative to now, texts and choices fixed).
const contactsOf = new Map<string, string[]>();
for (const [a, b] of DEMO_CONTACTS) {
  contactsOf.set(a, [...(contactsOf.get(a) ?? []), b]);
  contactsOf.set(b, [...(contactsOf.get(b) ?? []), a]);
}
const feedNow = Date.now();
let postsAdded = 0;
let repliesAdded = 0;
for (const [i, m] of DEMO_MEMBERS.entries()) {
  const name = `${m.first} ${m.last}`;
  const authorId = idOf.get(name);
  if (authorId === undefined) continue;
  const repliers = [...(contactsOf.get(name) ?? [])].sort();
  await db.transaction().execute(async (trx) => {
    for (let k = 0; k < 3 + (i % 4); k++) {
      const text = POST_TEXTS[(i + k * 5) % POST_TEXTS.length]!.replaceAll("{sport}", m.sport).replaceAll("{city}", m.city);
      const day = new Date(feedNow - (2 + ((i * 11 + k * 19) % 118)) * DAY);
      day.setUTCHours(7 + ((i * 7 + k * 5) % 14), (i * 13 + k * 17) % 60, 0, 0);
      const existing = await trx
        .selectFrom("post")
        .select("id")
        .where("memberId", "=", authorId)
        .where("description", "=", text)
        .executeTakeFirst();
      const postId = existing?.id ?? (await insertPost(trx, authorId, text, day.toISOString()));
      if (!existing) postsAdded += 1;
      for (let r = 0; r < (i + 2 * k) % 3 && repliers.length > 0; r++) {
        const replierId = idOf.get(repliers[(k + r) % repliers.length]!);
        if (replierId === undefined) continue;
        const reply = REPLY_TEXTS[(i * 3 + k * 2 + r) % REPLY_TEXTS.length]!;
        const there = await trx
          .selectFrom("postReply")
          .select("id")
          .where("postId", "=", postId)
          .where("memberId", "=", replierId)
          .where("description", "=", reply)
          .executeTakeFirst();
        if (there) continue;
        await insertReply(trx, postId, replierId, reply, new Date(day.getTime() + (r + 1) * (45 + ((i * k) % 90)) * MINUTE).toISOString());
        repliesAdded += 1;
      }
    }
  });
}

// Sample news through the news service (checked like the operator's items); their guids make reruns add nothing.
const newsCtx = createAppContext({
  db,
  mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(path.resolve(config.DATA_DIR), "mail"), log: silentLogger }),
  log: silentLogger,
  publicUrl: config.PUBLIC_URL,
  uploadsDir: path.join(path.resolve(config.DATA_DIR), "uploads"),
});
let newsAdded = 0;
for (const n of DEMO_NEWS) {
  const postingDate = new Date(feedNow - n.daysAgo * DAY);
  postingDate.setUTCHours(9, 0, 0, 0);
  if (await addNews(newsCtx, { ...n, postingDate: postingDate.toISOString(), source: "demo" })) newsAdded += 1;
}
console.log(`seed: ${postsAdded} posts, ${repliesAdded} replies and ${newsAdded} news items added.`);
// Conversations and notifications. A message is skipped when its sender already sent that subject
// to that member; a notification when that member already has that text.
const notifiedAlready = async (memberId: number, text: string) =>
  !!(await db.selectFrom("notification").select("id").where("memberId", "=", memberId).where("text", "=", text).executeTakeFirst());
let notificationsAdded = 0;
async function seedNotification(
  memberId: number,
  actorId: number,
  kind: NotificationKind,
  subject: string,
  text: string,
  link: string,
  at: string,
  read: boolean,
) {
  if (await notifiedAlready(memberId, text)) return;
  await insertNotification(db, { memberId, actorId, kind, subject, text, link, isRead: read ? 1 : 0, createdAt: at });
  notificationsAdded += 1;
}
let messagesAdded = 0;
// Each member's two newest received messages stay unread; messages are written oldest first, so
// the messenger's order (newest first, by copy id) is their order in time.
const byAge = [...DEMO_MESSAGES].sort((x, y) => x[4] - y[4]);
const unreadSeeded = new Set(
  byAge
    .filter(([, to], i) => byAge.slice(0, i).filter(([, t]) => t === to).length < 2)
    .map(([from, to, subject]) => `${from}|${to}|${subject}`),
);
for (const [from, to, subject, body, hoursAgo] of [...byAge].reverse()) {
  const pair = pairOf([from, to]);
  if (!pair) continue;
  const [senderId, recipientId] = pair;
  const at = new Date(feedNow - hoursAgo * 3600_000).toISOString();
  const unread = unreadSeeded.has(`${from}|${to}|${subject}`);
  const there = await db
    .selectFrom("message")
    .select("id")
    .where("senderId", "=", senderId)
    .where("recipientId", "=", recipientId)
    .where("subject", "=", subject)
    .executeTakeFirst();
  if (!there) {
    const { inboxCopyId } = await insertMessage(db, { senderId, recipientId, subject, body, at });
    if (!unread) await db.updateTable("messageCopy").set({ isRead: 1 }).where("id", "=", inboxCopyId).execute();
    messagesAdded += 1;
  }
  await seedNotification(
    recipientId,
    senderId,
    "message.received",
    serverTexts.notifyMessageSubject,
    fillText(serverTexts.notifyMessageText, { name: from, subject }),
    "/messages/view-messages",
    at,
    !unread,
  );
}
for (const names of DEMO_REQUESTS) {
  const pair = pairOf(names);
  if (!pair || (await findLink(db, pair[0], pair[1]))?.status !== "pending") continue;
  await seedNotification(
    pair[1],
    pair[0],
    "contact.requested",
    serverTexts.notifyContactRequestedSubject,
    fillText(serverTexts.notifyContactRequestedText, { name: names[0] }),
    "/contacts/requests",
    graphAt,
    false,
  );
}
for (const names of DEMO_FOLLOWS) {
  const pair = pairOf(names);
  if (!pair) continue;
  await seedNotification(
    pair[1],
    pair[0],
    "member.followed",
    serverTexts.notifyFollowedSubject,
    fillText(serverTexts.notifyFollowedText, { name: names[0] }),
    "/contacts/people-following-me",
    graphAt,
    true,
  );
}
console.log(`seed: ${messagesAdded} messages and ${notificationsAdded} notifications added.`);
console.log(`Log in as any of them with the password "${DEMO_PASSWORD}", for example ${demoEmail("Maya", "Okafor")}.`);
await db.destroy();
