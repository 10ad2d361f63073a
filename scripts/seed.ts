/**
 * Loads demo data into the database of DATA_DIR: members of every profile type, all active, with
 * the password "sideline". Safe to run again: members that exist are left as they are. Later
 * issues add their data (profiles, contacts, posts, messages) here.
 */
import path from "node:path";
import { findMemberByEmail, insertMember } from "../src/domains/accounts/accounts.repository.ts";
import { hashPassword } from "../src/domains/platform/crypto.ts";
import { openSqlite } from "../src/server/db/client.ts";
import { migrateToLatest } from "../src/server/db/migrator.ts";
import { loadConfig } from "../src/server/env.ts";
import { MemberStatus, type ProfileType } from "../src/shared/limits.ts";

export const DEMO_PASSWORD = "sideline";

const DEMO_MEMBERS: Array<{ first: string; last: string; gender: "Female" | "Male"; born: string; type: ProfileType; title: string }> = [
  { first: "Jordan", last: "Ellis", gender: "Male", born: "1986-02-11", type: "Agent", title: "Football agent, Ellis Sports Management" },
  { first: "Maya", last: "Okafor", gender: "Female", born: "2004-06-23", type: "Athlete (Amateur)", title: "Point guard, State University" },
  { first: "Luis", last: "Romero", gender: "Male", born: "1997-09-02", type: "Athlete (Professional)", title: "Midfielder" },
  { first: "Priya", last: "Nair", gender: "Female", born: "1990-12-05", type: "Athletic Trainer", title: "Head athletic trainer" },
  { first: "Tom", last: "Becker", gender: "Male", born: "1975-04-18", type: "Coach", title: "Varsity basketball coach" },
  { first: "Grace", last: "Kim", gender: "Female", born: "1982-08-30", type: "Management", title: "General manager" },
  { first: "Samuel", last: "Adeyemi", gender: "Male", born: "1979-01-14", type: "Referee", title: "FIFA-licensed referee" },
  { first: "Helen", last: "Moreau", gender: "Female", born: "1960-03-09", type: "Retired", title: "Former Olympic rower" },
  { first: "Ryan", last: "Walsh", gender: "Male", born: "1984-11-21", type: "Scout", title: "College football scout" },
  { first: "Ava", last: "Lindqvist", gender: "Female", born: "1999-07-07", type: "Sports Fanatic", title: "Season-ticket holder" },
];

export const demoEmail = (first: string, last: string) => `${first}.${last}@demo.sideline.local`.toLowerCase();

const config = loadConfig();
const db = await openSqlite(path.join(path.resolve(config.DATA_DIR), "sideline.db"));
await migrateToLatest(db);
const passwordHash = await hashPassword(DEMO_PASSWORD);
let added = 0;
for (const m of DEMO_MEMBERS) {
  const email = demoEmail(m.first, m.last);
  if (await findMemberByEmail(db, email)) continue;
  const now = new Date().toISOString();
  await insertMember(db, {
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
  added += 1;
}
console.log(`seed: ${added} demo members added (${DEMO_MEMBERS.length - added} already there).`);
console.log(`Log in as any of them with the password "${DEMO_PASSWORD}", for example ${demoEmail("Maya", "Okafor")}.`);
await db.destroy();
