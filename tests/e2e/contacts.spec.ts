import type { Page } from "@playwright/test";
import { callerFor, expect, test } from "./support/fixtures.ts";
import { openServerDb } from "../support/server.ts";
import { field, loginThroughUi, memberViaTrpc, type JourneyMember } from "./support/journey.ts";

// The contact screens of spec section 2 (My Contacts, Requests, Find Contacts, People I Follow,
// People Following Me, Search results), the profile's contact buttons and the navbar's live search,
// walked through by two (or three) members in their own browser contexts.

/** Basic and contact info saved through tRPC (profiles.saveBasic and saveContact), as the edit form sends them. */
async function profileAs(
  m: JourneyMember,
  names: { first: string; last: string },
  basic: { sport: string; title: string },
  place: { city: string; state: string },
): Promise<void> {
  const caller = await callerFor(m);
  await caller.mutation("profiles.saveBasic", {
    firstName: names.first,
    middleName: "",
    lastName: names.last,
    title: basic.title,
    sport: basic.sport,
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
  await caller.mutation("profiles.saveContact", { city: place.city, state: place.state, showAddress: false, showEmail: false });
}

/** Opens one of the navbar's Contacts menu entries. */
async function contactsMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Contacts", exact: true }).click();
  await page.getByRole("menuitem", { name: entry, exact: true }).click();
}

/** The row of a list (by the list's accessible name) that holds the member's name. */
const row = (page: Page, list: string, name: string) =>
  page.getByRole("main").getByRole("list", { name: list, exact: true }).getByRole("listitem").filter({ hasText: name });

/** A tRPC mutation from the signed-in page (same origin: the session cookie goes along). */
async function trpcMutation(page: Page, procedure: string, input: unknown): Promise<number> {
  return page.evaluate(
    async ([p, i]) =>
      (await fetch(`/trpc/${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(i) })).status,
    [procedure, input] as const,
  );
}

const navSearch = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("combobox", { name: "Search members" });

test("find by sport, request, accept; contacts, follow and unfollow, followers, drop", async ({ page, signedIn, member }) => {
  const avery = await member({ firstName: "Avery", lastName: "Requester" });
  const blake = await member({ firstName: "Blake", lastName: "Receiver" });
  await profileAs(
    blake,
    { first: "Blake", last: "Receiver" },
    { sport: "Water Polo", title: "Goalkeeper, Harbor Seals" },
    { city: "Newport", state: "RI" },
  );

  // Avery finds Blake by sport on Find Contacts.
  await loginThroughUi(page, avery.email, avery.password);
  await contactsMenu(page, "Find Contacts");
  await expect(page).toHaveURL(/\/contacts\/find-contacts$/);
  await expect(page.getByRole("heading", { name: "Suggestions based on similar career or other interests" })).toBeVisible();
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("You must enter at least be 1 character.")).toBeVisible();
  await field(page, "Find people").fill("water polo");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const found = row(page, "Search results", "Blake Receiver");
  await expect(found).toContainText("Goalkeeper, Harbor Seals");
  await expect(found).toContainText("Newport, RI");
  await expect(found.getByRole("link", { name: "Blake Receiver" })).toHaveAttribute(
    "href",
    `/members/view-profile/show-profile?memberID=${blake.memberId}`,
  );

  // Add as Contact: the modal says Blake has to confirm; Cancel changes nothing, Send Request sends it.
  await found.getByRole("button", { name: "Add as Contact" }).click();
  const modal = page.getByRole("dialog", { name: "Requesting to Add Contact" });
  await expect(modal).toContainText("Blake Receiver has to confirm the request");
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();
  await found.getByRole("button", { name: "Add as Contact" }).click();
  await modal.getByRole("button", { name: "Send Request" }).click();
  await expect(modal).toBeHidden();
  await expect(found.getByText("Request sent")).toBeVisible();
  await expect(found.getByRole("button", { name: "Add as Contact" })).toHaveCount(0);
  // A search that finds nobody.
  await field(page, "Find people").fill("zzqx nobody");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("There are no connections to display.")).toBeVisible();

  // A member without a title (legacy data: the edit form requires one) shows as "Unknown Title".
  const db = openServerDb(process.env.E2E_DB_URL!);
  try {
    await db.run("UPDATE member SET title = '' WHERE id = ?", avery.memberId);
  } finally {
    await db.close();
  }

  // Blake sees the request under Requests and accepts it.
  const other = await signedIn(blake);
  await contactsMenu(other, "Requests");
  await expect(other).toHaveURL(/\/contacts\/requests$/);
  const request = row(other, "Contact Requests", "Avery Requester");
  await expect(request).toContainText("Unknown Title");
  await expect(request.getByRole("button", { name: "Reject" })).toBeVisible();
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(other.getByRole("alert").filter({ hasText: "Avery Requester is now one of your contacts." })).toBeVisible();
  await expect(other.getByText("There are no contact requests to display.")).toBeVisible();

  // Both see each other in My Contacts.
  await contactsMenu(other, "My Contacts");
  await expect(row(other, "My Contacts", "Avery Requester")).toBeVisible();
  await expect(other.getByText("1 contact found")).toBeVisible();
  await contactsMenu(page, "My Contacts");
  const contact = row(page, "My Contacts", "Blake Receiver");
  await expect(contact).toContainText("Goalkeeper, Harbor Seals");
  await expect(page.getByText("1 contact found")).toBeVisible();
  // The search box filters the list by name on the server.
  await field(page, "Search my contacts").fill("zzqx");
  await expect(page.getByText("There are no contacts found to display.")).toBeVisible();
  await expect(page.getByText("0 contacts found")).toBeVisible();
  await field(page, "Search my contacts").fill("blake");
  await expect(contact).toBeVisible();
  await field(page, "Search my contacts").fill("");

  // Avery follows Blake from the profile: the button goes, "Following" shows.
  await contact.getByRole("link", { name: "Blake Receiver" }).click();
  await expect(page.getByRole("heading", { name: "Blake Receiver" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Contact", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Add as Contact" })).toHaveCount(0);
  await page.getByRole("main").getByRole("button", { name: "Follow this Member" }).click();
  await expect(page.getByRole("main").getByText("Following", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Follow this Member" })).toHaveCount(0);
  await contactsMenu(page, "People I Follow");
  const followed = row(page, "People I Follow", "Blake Receiver");
  await expect(followed).toBeVisible();

  // Blake sees Avery under People Who are Following Me; already a contact: no Add as a Contact.
  await contactsMenu(other, "People Who are Following Me");
  await expect(other).toHaveURL(/\/contacts\/people-following-me$/);
  const follower = row(other, "People Following Me", "Avery Requester");
  await expect(follower.getByText("Contact", { exact: true })).toBeVisible();
  await expect(follower.getByRole("button", { name: "Add as a Contact" })).toHaveCount(0);

  // Unfollow asks first: No keeps it, Yes ends it.
  await followed.getByRole("button", { name: "Unfollow" }).click();
  const unfollow = page.getByRole("dialog", { name: "Unfollow" });
  await expect(unfollow).toContainText("Do you really want to stop following Blake Receiver?");
  await unfollow.getByRole("button", { name: "No" }).click();
  await expect(unfollow).toBeHidden();
  await expect(followed).toBeVisible();
  await followed.getByRole("button", { name: "Unfollow" }).click();
  await unfollow.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("You are not following any one yet!")).toBeVisible();
  await other.reload();
  await expect(other.getByText("No one is following you yet!")).toBeVisible();

  // Drop Contact with Yes: gone for both.
  await contactsMenu(page, "My Contacts");
  await contact.getByRole("button", { name: "Drop Contact" }).click();
  const drop = page.getByRole("dialog", { name: "Drop Contact" });
  await expect(drop).toContainText("Do you really want to drop Blake Receiver from your contacts?");
  await drop.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("There are no contacts to display.")).toBeVisible();
  await contactsMenu(other, "My Contacts");
  await expect(other.getByText("There are no contacts to display.")).toBeVisible();
});

test("the profile's buttons: request, respond there, follow; a follower can be asked to be a contact", async ({
  page,
  signedIn,
  member,
}) => {
  const casey = await member({ firstName: "Casey", lastName: "Asker" });
  const dana = await member({ firstName: "Dana", lastName: "Answerer" });

  // One's own profile has no contact buttons.
  await loginThroughUi(page, casey.email, casey.password);
  await page.goto(`/members/view-profile/show-profile?memberID=${casey.memberId}`);
  await expect(page.getByRole("heading", { name: "Casey Asker" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Add as Contact" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("button", { name: "Follow this Member" })).toHaveCount(0);

  // Casey asks Dana from Dana's profile and follows her.
  await page.goto(`/members/view-profile/show-profile?memberID=${dana.memberId}`);
  await page.getByRole("main").getByRole("button", { name: "Add as Contact" }).click();
  const modal = page.getByRole("dialog", { name: "Requesting to Add Contact" });
  await expect(modal).toContainText("Dana Answerer has to confirm the request");
  await modal.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByRole("main").getByText("Request sent")).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Add as Contact" })).toHaveCount(0);
  await page.getByRole("main").getByRole("button", { name: "Follow this Member" }).click();
  await expect(page.getByRole("main").getByText("Following", { exact: true })).toBeVisible();

  // Dana sees the request on Casey's profile and rejects it there.
  const other = await signedIn(dana);
  await other.goto(`/members/view-profile/show-profile?memberID=${casey.memberId}`);
  const respond = other.getByRole("group", { name: "Respond to request" });
  await expect(respond).toContainText("Casey Asker asked to become your contact.");
  await respond.getByRole("button", { name: "Reject" }).click();
  await expect(respond).toBeHidden();
  await expect(other.getByRole("main").getByRole("button", { name: "Add as Contact" })).toBeVisible();

  // Casey still follows Dana: from People Who are Following Me, Dana asks Casey to be a contact.
  await contactsMenu(other, "People Who are Following Me");
  const follower = row(other, "People Following Me", "Casey Asker");
  await follower.getByRole("button", { name: "Add as a Contact" }).click();
  await other.getByRole("dialog", { name: "Requesting to Add Contact" }).getByRole("button", { name: "Send Request" }).click();
  await expect(follower.getByText("Request sent")).toBeVisible();
  await expect(follower.getByRole("button", { name: "Add as a Contact" })).toHaveCount(0);

  // Casey accepts on Dana's profile: now contacts.
  await page.reload();
  const accept = page.getByRole("group", { name: "Respond to request" });
  await expect(accept).toContainText("Dana Answerer asked to become your contact.");
  await accept.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("main").getByText("Contact", { exact: true })).toBeVisible();
  await contactsMenu(page, "My Contacts");
  await expect(row(page, "My Contacts", "Dana Answerer")).toBeVisible();
});

test("suggestions: Follow and Add as Contact reload the list with a spinner on that member", async ({ page, member }) => {
  const viewer = await member({ firstName: "Vic", lastName: "Suggested" });
  // The newest members come first among equally good suggestions.
  await member({ firstName: "Fern", lastName: "Follownow" });
  await member({ firstName: "Ash", lastName: "Asknow" });
  await loginThroughUi(page, viewer.email, viewer.password);
  await contactsMenu(page, "Find Contacts");
  const strip = page.getByRole("main").getByRole("list", { name: "Suggestions based on similar career or other interests" });
  const fern = strip.getByRole("listitem").filter({ hasText: "Fern Follownow" });
  const ash = strip.getByRole("listitem").filter({ hasText: "Ash Asknow" });
  await expect(fern).toBeVisible();
  await expect(ash).toBeVisible();
  // The right column suggests the same members.
  await expect(
    page.getByRole("complementary").getByRole("list", { name: "Suggested for you" }).getByRole("link", { name: "Fern Follownow" }),
  ).toBeVisible();

  // Slow the calls down a little so the spinner can be seen.
  await page.route(/\/trpc\/contacts\.(follow|sendRequest)/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await fern.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(fern).toHaveAttribute("aria-busy", "true");
  await expect(fern.getByText("Following", { exact: true })).toBeVisible();
  await expect(fern).not.toHaveAttribute("aria-busy", "true");
  await expect(fern.getByRole("button", { name: "Follow", exact: true })).toHaveCount(0);

  await ash.getByRole("button", { name: "Add as Contact" }).click();
  await page.getByRole("dialog", { name: "Requesting to Add Contact" }).getByRole("button", { name: "Send Request" }).click();
  await expect(ash).toHaveAttribute("aria-busy", "true");
  // A member with a request pending is no longer suggested.
  await expect(ash).toHaveCount(0);
  await expect(fern).toBeVisible();
});

test("a rejected request: Reject is a button with a toast, and the requester is no longer suggested", async ({
  page,
  member,
}, testInfo) => {
  const rhea = await member({ firstName: "Rhea", lastName: "Rejecter" });
  const pushy = await member({ firstName: "Pax", lastName: "Pushy" });
  const mate = await member({ firstName: "Mona", lastName: "Matey" });
  // All three play handball: each is among the others' best suggestions.
  for (const [m, first, last] of [
    [rhea, "Rhea", "Rejecter"],
    [pushy, "Pax", "Pushy"],
    [mate, "Mona", "Matey"],
  ] as const) {
    await profileAs(m, { first, last }, { sport: "Handball", title: "Shooter" }, { city: "Newport", state: "RI" });
  }
  await (await callerFor(pushy)).mutation("contacts.sendRequest", { memberId: rhea.memberId });

  await loginThroughUi(page, rhea.email, rhea.password);
  await contactsMenu(page, "Requests");
  const request = row(page, "Contact Requests", "Pax Pushy");
  await expect(request.getByRole("button", { name: "Accept" })).toBeVisible();
  await testInfo.attach("contact-requests-desktop", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(request.getByRole("button", { name: "Reject" })).toBeVisible();
  await testInfo.attach("contact-requests-390", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route(/\/trpc\/contacts\.reject/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await request.getByRole("button", { name: "Reject" }).click();
  await expect(request).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("alert").filter({ hasText: "You rejected Pax Pushy's request." })).toBeVisible();
  await expect(page.getByText("There are no contact requests to display.")).toBeVisible();

  // Find Contacts suggests Mona (same sport) but not Pax, whom Rhea just turned down.
  await contactsMenu(page, "Find Contacts");
  const strip = page.getByRole("main").getByRole("list", { name: "Suggestions based on similar career or other interests" });
  await expect(strip.getByRole("link", { name: "Mona Matey" })).toBeVisible();
  await expect(strip.getByRole("link", { name: "Pax Pushy" })).toHaveCount(0);
  await expect(page.getByRole("complementary").getByRole("link", { name: "Pax Pushy" })).toHaveCount(0);
});

test("navbar live search: a dropdown as you type, choosing opens the profile; Enter opens the results", async ({ page, member }) => {
  const quinn = await member({ firstName: "Quillon", lastName: "Lookup" });
  await profileAs(quinn, { first: "Quillon", last: "Lookup" }, { sport: "Curling", title: "Skip" }, { city: "Providence", state: "RI" });
  const seeker = await member({ firstName: "Sam", lastName: "Seeker" });
  await loginThroughUi(page, seeker.email, seeker.password);

  const calls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("search.members")) calls.push(r.url());
  });
  const box = navSearch(page);
  await box.pressSequentially("Quill", { delay: 40 });
  const option = page.getByRole("option", { name: /Quillon Lookup/ });
  await expect(option).toContainText("Providence, RI");
  // One call for the text typed without a pause of 300 ms.
  expect(calls).toHaveLength(1);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/members/view-profile/show-profile\\?memberID=${quinn.memberId}$`));
  await expect(page.getByRole("heading", { name: "Quillon Lookup" })).toBeVisible();
  await expect(box).toHaveValue("");

  // Keyboard: arrows choose a member, Enter opens the profile.
  await page.goto("/home");
  await box.fill("curling");
  await expect(page.getByRole("option", { name: /Quillon Lookup/ })).toBeVisible();
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`memberID=${quinn.memberId}$`));

  // Enter without a chosen member: the search results screen.
  await box.fill("Quillon");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/contacts\/search-results\?searchText=Quillon$/);
  await expect(box).toHaveValue("");
  // The results keep the query in their own box, and show photo, status and sport, city and the actions.
  await expect(field(page, "Search for")).toHaveValue("Quillon");
  const result = row(page, "Search results", "Quillon Lookup");
  await expect(result).toContainText("Athlete (Amateur) · Curling");
  await expect(result).toContainText("Providence, RI");
  await expect(result.locator("img")).toHaveAttribute("src", /\.(png|jpe?g|webp|svg)$/);
  await result.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(result.getByText("Following", { exact: true })).toBeVisible();
  await result.getByRole("button", { name: "Add as Contact" }).click();
  await page.getByRole("dialog", { name: "Requesting to Add Contact" }).getByRole("button", { name: "Send Request" }).click();
  await expect(result.getByText("Request sent")).toBeVisible();
  // A new query from the results' box: Enter shows its results.
  await field(page, "Search for").fill("curling");
  await field(page, "Search for").press("Enter");
  await expect(page).toHaveURL(/\/contacts\/search-results\?searchText=curling$/);
  await expect(page.getByRole("heading", { name: "Search results for “curling”" })).toBeVisible();
  await expect(row(page, "Search results", "Quillon Lookup")).toBeVisible();
  await page.goto("/contacts/search-results?searchText=zzqx");
  await expect(page.getByText("There are no contacts found to display.")).toBeVisible();
});

test("search privacy Only Contacts: hidden from strangers' search and dropdown, found by contacts", async ({ page, signedIn, member }) => {
  const hidden = await member({ firstName: "Privia", lastName: "Quietly" });
  const friend = await member({ firstName: "Frankie", lastName: "Friend" });
  const stranger = await member({ firstName: "Stevie", lastName: "Stranger" });

  // Privia and Frankie become contacts (the request and acceptance are covered above).
  const friendPage = await signedIn(friend);
  expect(await trpcMutation(friendPage, "contacts.sendRequest", { memberId: hidden.memberId })).toBe(200);
  const hiddenPage = await signedIn(hidden);
  expect(await trpcMutation(hiddenPage, "contacts.accept", { memberId: friend.memberId })).toBe(200);

  // Search visibility 2 (Only Contacts): the privacy settings screen comes later, so set it in the database.
  const db = openServerDb(process.env.E2E_DB_URL!);
  try {
    await db.run(
      "INSERT INTO member_privacy (member_id, search_visibility) VALUES (?, 2) ON CONFLICT(member_id) DO UPDATE SET search_visibility = 2",
      hidden.memberId,
    );
  } finally {
    await db.close();
  }

  await loginThroughUi(page, stranger.email, stranger.password);
  await navSearch(page).fill("Privia");
  await expect(page.getByText("There are no contacts found to display.")).toBeVisible();
  await expect(page.getByRole("option", { name: /Privia Quietly/ })).toHaveCount(0);
  await navSearch(page).press("Enter");
  await expect(page).toHaveURL(/searchText=Privia$/);
  await expect(page.getByRole("main").getByText("There are no contacts found to display.")).toBeVisible();
  await contactsMenu(page, "Find Contacts");
  await field(page, "Find people").fill("Privia");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("There are no connections to display.")).toBeVisible();

  // Her contact still finds her.
  await navSearch(friendPage).fill("Privia");
  await expect(friendPage.getByRole("option", { name: /Privia Quietly/ })).toBeVisible();
});

test("the contact screens work at phone width: search icon, Contacts menu, no sideways scrolling", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Pat", lastName: "Phone" });
  const target = await memberViaTrpc({ firstName: "Zorion", lastName: "Pocket" });
  await page.setViewportSize({ width: 375, height: 740 });
  await loginThroughUi(page, member.email, member.password);
  await expect(navSearch(page)).toBeHidden();
  await page.getByRole("button", { name: "Open search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search members" });
  await dialog.getByRole("combobox", { name: "Search members" }).fill("Zorion");
  await page.getByRole("option", { name: /Zorion Pocket/ }).click();
  await expect(page).toHaveURL(new RegExp(`memberID=${target.memberId}$`));
  await expect(dialog).toBeHidden();
  for (const entry of ["My Contacts", "Requests", "Find Contacts", "People I Follow", "People Who are Following Me"]) {
    await contactsMenu(page, entry);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, entry).toBeLessThanOrEqual(0);
  }
});
