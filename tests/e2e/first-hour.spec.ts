import type { Page, TestInfo } from "@playwright/test";
import { callerFor, expect, test } from "./support/fixtures.ts";
import { openServerDb } from "../support/server.ts";
import { loginThroughUi, type JourneyMember } from "./support/journey.ts";

// The first hour (issue 16): the checklist on home until done, the completeness meter on the own
// profile, the Site Guide that follows what is left, and an empty feed that suggests posts of
// members who share the sport or state (labelled), members to follow, and the next steps.

/** Sport, status and state saved through tRPC as the edit forms send them. */
async function profileAs(m: JourneyMember, first: string, last: string, sport: string, state: string): Promise<void> {
  const caller = await callerFor(m);
  await caller.mutation("profiles.saveBasic", {
    firstName: first,
    middleName: "",
    lastName: last,
    title: "Wing",
    sport,
    currentStatus: "Athlete (Amateur)",
    bio: "",
    gender: "Female",
    showGender: false,
    birthMonth: "5",
    birthDay: "17",
    birthYear: "1995",
    showBirthDate: false,
    lookingForEmployment: false,
    lookingForNetworking: false,
    lookingForPartnership: false,
    lookingForRecruitment: false,
    preferredHandFoot: "Right",
    preferredPosition: "",
    secondaryPosition: "",
    heightInches: null,
    weightLbs: null,
    otherSportingInterest: "",
    currentCity: "",
    hometown: "",
  });
  await caller.mutation("profiles.saveContact", { city: "Newport", state, showAddress: false, showEmail: false });
}

const checklist = (page: Page) => page.getByRole("region", { name: "Your first hour on Sideline" });
const recentPosts = (page: Page) => page.getByRole("region", { name: "Recent Posts" });

async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(`${name}-desktop`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await testInfo.attach(`${name}-390`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a new member's first hour: checklist, suggested posts labelled, next steps, then the checklist follows", async ({
  page,
  member,
}, testInfo) => {
  const nia = await member({ firstName: "Nia", lastName: "Newcomer" });
  const olu = await member({ firstName: "Olu", lastName: "Sameclub" });
  await profileAs(nia, "Nia", "Newcomer", "Rugby Union", "VT");
  await profileAs(olu, "Olu", "Sameclub", "Rugby Union", "ME");
  await (await callerFor(olu)).mutation("feed.post", { text: "Rugby sevens tryouts on Saturday, all welcome." });

  await loginThroughUi(page, nia.email, nia.password);
  // The checklist: sport and status done, four steps to go, each a link to where it is done.
  const list = checklist(page);
  await expect(list).toContainText("1 of 5 done");
  await expect(list.getByRole("link", { name: "Add a photo of yourself" })).toHaveAttribute("href", "/members/edit-profile");
  await expect(list.getByRole("link", { name: "Add a school" })).toHaveAttribute("href", "/members/edit-profile?tab=education");
  await expect(list.getByRole("link", { name: "Make your first contact" })).toHaveAttribute("href", "/contacts/find-contacts");
  await expect(list.getByRole("progressbar", { name: "Your first hour on Sideline" })).toHaveAttribute("aria-valuenow", "20");

  // The empty feed: its next steps, Olu's post as a labelled suggestion, and Olu to follow.
  const feed = recentPosts(page);
  await expect(feed.getByText("No posts yet. Add a post or find contacts to see theirs.")).toBeVisible();
  await expect(feed.getByRole("link", { name: "Find Contacts" })).toHaveAttribute("href", "/contacts/find-contacts");
  const suggested = feed.getByRole("list", { name: "Suggested posts" }).getByRole("listitem");
  await expect(suggested).toHaveCount(1);
  await expect(suggested).toContainText("Rugby sevens tryouts on Saturday, all welcome.");
  await expect(suggested).toContainText("Suggested: plays your sport");
  await expect(suggested.getByRole("link", { name: "Olu Sameclub" })).toBeVisible();
  await expect(feed.getByRole("list", { name: "Suggested for you" }).getByRole("link", { name: "Olu Sameclub" })).toBeVisible();
  await screenshots(page, testInfo, "home-first-hour");
  // On a phone the right column stacks under the feed: it leaves out the members the feed already suggests.
  await page.setViewportSize({ width: 390, height: 844 });
  const column = page.getByRole("complementary", { name: "Right column" });
  await expect(column).toBeVisible();
  await expect(column.getByRole("heading", { name: "Suggested for you" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Suggested for you" })).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("complementary", { name: "Right column" }).getByRole("heading", { name: "Suggested for you" })).toBeVisible();

  // "Write a post" opens the composer; the first post ends the suggestions and ticks its step.
  await feed.getByRole("button", { name: "Write a post" }).click();
  const modal = page.getByRole("dialog", { name: "New Post" });
  await modal.getByRole("textbox", { name: "Your post" }).fill("Hello from Vermont!");
  await modal.getByRole("button", { name: "Post", exact: true }).click();
  await expect(feed.getByRole("article").filter({ hasText: "Hello from Vermont!" })).toBeVisible();
  await expect(feed.getByRole("list", { name: "Suggested posts" })).toHaveCount(0);
  await expect(list).toContainText("2 of 5 done");

  // The own profile shows the meter.
  await page.goto(`/members/view-profile/show-profile?memberID=${nia.memberId}`);
  await expect(page.getByText("Profile 40% complete")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Profile completeness" })).toHaveAttribute("aria-valuenow", "40");
});

test("a complete first hour: no checklist, a full meter, and no 'Complete your profile' in the Site Guide", async ({
  page,
  member,
  contacts,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const pat = await member({ firstName: "Pat", lastName: "Complete" });
  const friend = await member({ firstName: "Fin", lastName: "Friend" });
  await profileAs(pat, "Pat", "Complete", "Rugby Union", "VT");
  await contacts(pat, friend);
  const caller = await callerFor(pat);
  await caller.mutation("feed.post", { text: "Training done." });
  // The photo: a picture stored as an upload would (the upload journey is in settings.spec.ts).
  const db = openServerDb(process.env.E2E_DB_URL!);
  let schoolId: number;
  try {
    await db.run("UPDATE member SET picture_path = '/images/default.png' WHERE id = ?", pat.memberId);
    schoolId = await db.value<number>("SELECT id FROM school WHERE state = 'RI' AND type = 3 ORDER BY id LIMIT 1");
  } finally {
    await db.close();
  }
  await caller.mutation("profiles.addSchool", {
    state: "RI",
    schoolType: 3,
    schoolId,
    degreeTypeId: 1,
    major: "History",
    yearClass: 2018,
    competitionLevel: "Division I",
  });

  await loginThroughUi(page, pat.email, pat.password);
  await expect(recentPosts(page).getByText("Training done.")).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  const guide = page.getByRole("region", { name: "Site Guide" });
  await expect(guide.getByRole("group").first()).toBeVisible();
  await expect(guide.getByText("Show your game")).toBeVisible();
  await expect(guide.getByText("Complete your profile")).toHaveCount(0);
  await expect(guide.getByRole("button", { name: "Show item 1 of 3" })).toBeVisible();
  await page.goto(`/members/view-profile/show-profile?memberID=${pat.memberId}`);
  await expect(page.getByText("Profile 100% complete")).toBeVisible();
});
