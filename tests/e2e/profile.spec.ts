import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { field, loginThroughUi, memberViaTrpc, type JourneyMember } from "./support/journey.ts";
import { youtubeFixture } from "./support/youtube-stand-in.ts";

// The profile screens of spec section 2: edit profile (five tabs and the photo) and view profile
// as its owner and as another member.

const combobox = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const checkbox = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });
const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
/** The tab panel on show (the others are kept, hidden, with their unsaved input). */
const panel = (page: Page) => page.getByRole("tabpanel");

/** Chooses an option of a Mantine select by the select's exact accessible name. */
async function pick(page: Page, label: string, option: string, search?: string): Promise<void> {
  const select = combobox(page, label);
  await select.click();
  if (search) await select.fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

async function openEditProfile(page: Page, query = ""): Promise<void> {
  await page.goto(`/members/edit-profile${query}`);
  await expect(page.getByRole("tablist", { name: "Profile sections" })).toBeVisible();
}

async function save(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(panel(page).getByText("Saved sucessfully.")).toBeVisible();
}

/** A second member in their own browser context, signed in and looking at `owner`'s profile. */
async function viewerOf(browser: Browser, owner: JourneyMember) {
  const viewer = await memberViaTrpc({ firstName: "Casey", lastName: "Viewer" });
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughUi(page, viewer.email, viewer.password);
  await page.goto(`/members/view-profile/show-profile?memberID=${owner.memberId}`);
  return { page, context };
}

test("basic info: every field saves and comes back after a reload; athlete fields follow the status", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Jordan", lastName: "Keller" });
  await loginThroughUi(page, member.email, member.password);
  await openEditProfile(page);
  await expect(tab(page, "Basic Info.")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Jordan Keller" })).toBeVisible();
  await expect(field(page, "First Name")).toHaveValue("Jordan");

  // The spec's messages for what is required.
  await field(page, "First Name").fill("");
  await field(page, "Last Name").fill("");
  await field(page, "Title").fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  for (const message of ["First name required.", "Last name required.", "Title required.", "The sport you play is required."]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByText("Saved sucessfully.")).toHaveCount(0);

  await field(page, "First Name").fill("Jordan");
  await field(page, "Middle Name").fill("Avery");
  await field(page, "Last Name").fill("Keller");
  await field(page, "Title").fill("Point guard, Rhode Island Rams");
  await pick(page, "Your Main Sport", "Basketball", "Basket");
  await expect(combobox(page, "Current Status")).toHaveValue("Athlete (Amateur)");
  await field(page, "Bio").fill("Four-year starter. Team captain.");
  await pick(page, "Gender", "Male");
  await checkbox(page, "Show gender to other members").check();
  await pick(page, "Month", "March");
  await pick(page, "Day", "9");
  await pick(page, "Year", "2001", "2001");
  await checkbox(page, "Show birth date to other members").check();
  // Looking For in the spec's order.
  const lookingFor = page.getByRole("group", { name: "Looking For" }).getByRole("checkbox");
  await expect(lookingFor).toHaveCount(4);
  for (const [i, name] of ["Employment", "Networking", "Partnership", "Recruitment"].entries()) {
    await expect(lookingFor.nth(i)).toHaveAccessibleName(name);
  }
  await checkbox(page, "Employment").check();
  await checkbox(page, "Recruitment").check();

  // Athlete (Amateur): the athlete fields, no Other Sporting Interest.
  await expect(combobox(page, "Other Sporting Interest")).toHaveCount(0);
  await pick(page, "Preferred Hand/Foot", "Left");
  await field(page, "Preferred Position").fill("Point Guard");
  await field(page, "Secondary Position").fill("Shooting Guard");
  await combobox(page, "Height").click();
  await expect(page.getByRole("option")).toHaveCount(43); // 4' 0" to 7' 6"
  await expect(page.getByRole("option").first()).toHaveText(`4' 0"`);
  await expect(page.getByRole("option").last()).toHaveText(`7' 6"`);
  await page.keyboard.press("Escape");
  await pick(page, "Height", `6' 2"`, `6' 2`);
  await pick(page, "Weight", "185 lbs", "185");

  // Saving: "Saving..." (disabled) while the call runs, then the spec's message.
  await page.route("**/trpc/profiles.saveBasic*", async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
  await expect(page.getByText("Saved sucessfully.")).toBeVisible();
  // The header and the navbar follow the new title and name.
  await expect(page.getByRole("main").getByText("Point guard, Rhode Island Rams")).toBeVisible();

  // A new save clears the message until it succeeds.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved sucessfully.")).toHaveCount(0);
  await expect(page.getByText("Saved sucessfully.")).toBeVisible();
  await page.unroute("**/trpc/profiles.saveBasic*");

  await page.reload();
  await expect(field(page, "Middle Name")).toHaveValue("Avery");
  await expect(field(page, "Title")).toHaveValue("Point guard, Rhode Island Rams");
  await expect(combobox(page, "Your Main Sport")).toHaveValue("Basketball");
  await expect(field(page, "Bio")).toHaveValue("Four-year starter. Team captain.");
  await expect(combobox(page, "Gender")).toHaveValue("Male");
  await expect(checkbox(page, "Show gender to other members")).toBeChecked();
  await expect(combobox(page, "Month")).toHaveValue("March");
  await expect(combobox(page, "Day")).toHaveValue("9");
  await expect(combobox(page, "Year")).toHaveValue("2001");
  await expect(checkbox(page, "Show birth date to other members")).toBeChecked();
  await expect(checkbox(page, "Employment")).toBeChecked();
  await expect(checkbox(page, "Networking")).not.toBeChecked();
  await expect(checkbox(page, "Recruitment")).toBeChecked();
  await expect(combobox(page, "Preferred Hand/Foot")).toHaveValue("Left");
  await expect(field(page, "Preferred Position")).toHaveValue("Point Guard");
  await expect(field(page, "Secondary Position")).toHaveValue("Shooting Guard");
  await expect(combobox(page, "Height")).toHaveValue(`6' 2"`);
  await expect(combobox(page, "Weight")).toHaveValue("185 lbs");

  // Coach: the athlete fields go, Other Sporting Interest comes; saving clears the athlete values.
  await pick(page, "Current Status", "Coach");
  await expect(combobox(page, "Height")).toHaveCount(0);
  await expect(field(page, "Preferred Position")).toHaveCount(0);
  await pick(page, "Other Sporting Interest", "Sports Coaches and Teachers");
  await save(page);
  await pick(page, "Current Status", "Athlete (Professional)");
  await expect(combobox(page, "Other Sporting Interest")).toHaveCount(0);
  await expect(combobox(page, "Height")).toHaveValue("");
  await expect(combobox(page, "Weight")).toHaveValue("");
  await expect(combobox(page, "Preferred Hand/Foot")).toHaveValue("");
  await expect(field(page, "Preferred Position")).toHaveValue("");
  await expect(field(page, "Secondary Position")).toHaveValue("");

  await page.reload();
  await expect(combobox(page, "Current Status")).toHaveValue("Coach");
  await expect(combobox(page, "Other Sporting Interest")).toHaveValue("Sports Coaches and Teachers");
});

test("contact info saves and comes back after a reload; the account e-mail is read-only", async ({ page }) => {
  const member = await memberViaTrpc();
  await loginThroughUi(page, member.email, member.password);
  await openEditProfile(page);
  await tab(page, "Contact Info.").click();
  await expect(page.getByRole("textbox", { name: "Account E-mail" })).toHaveValue(member.email);
  await expect(page.getByRole("textbox", { name: "Account E-mail" })).toHaveAttribute("readonly", "");

  const values: Record<string, string> = {
    "Other E-mail": "jordan.other@example.com",
    "Cell Phone": "401-555-0101",
    "Home Phone": "401-555-0102",
    "Other Phone": "401-555-0103",
    Facebook: "jordan.keller",
    Instagram: "@jordankeller",
    Twitter: "@jkeller",
    Website: "https://jordan.example.com",
    Address: "12 Harbor Street",
    Neighborhood: "Fox Point",
    City: "Providence",
    Zip: "02903",
  };
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
  await pick(page, "State", "Rhode Island", "Rhode");
  await save(page);

  await page.reload();
  await tab(page, "Contact Info.").click();
  for (const [label, value] of Object.entries(values)) await expect(field(page, label)).toHaveValue(value);
  await expect(combobox(page, "State")).toHaveValue("Rhode Island");
  // Who sees each detail is its level in Privacy Settings (decision 037): the tab links there.
  await expect(page.getByRole("link", { name: "Choose who sees your contact details" })).toBeVisible();
});

test("education: add, edit and remove a school through the modals", async ({ page }) => {
  const member = await memberViaTrpc();
  await loginThroughUi(page, member.email, member.password);
  await openEditProfile(page);
  await tab(page, "Education").click();
  await expect(page.getByText("No education information.")).toBeVisible();

  await page.getByRole("button", { name: "Add School" }).click();
  const add = page.getByRole("dialog", { name: "Add New School" });
  await expect(add).toBeVisible();
  await add.getByRole("button", { name: "Save" }).click();
  for (const message of [
    "State is required.",
    "School is required.",
    "Degree is required.",
    "Major required.",
    "Year is required.",
    "Competition level is required.",
  ]) {
    await expect(add.getByText(message)).toBeVisible();
  }
  await pick(page, "State", "Rhode Island", "Rhode");
  await expect(combobox(page, "Institution Type")).toHaveValue("College / University");
  await pick(page, "School", "Brown University (Providence)", "Brown");
  await pick(page, "Degree", "Undergraduate");
  await field(page, "Major").fill("Economics");
  await pick(page, "Year", "2018", "2018");
  await pick(page, "Competition Level", "Division I");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toBeHidden();
  const list = page.getByRole("list", { name: "Education" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Brown University");
  await expect(list).toContainText("Undergraduate · Economics · 2018 · Division I");

  // Edit: the modal opens filled in; a school that is not listed can be typed.
  await page.getByRole("button", { name: "Edit Brown University" }).click();
  const update = page.getByRole("dialog", { name: "Update School" });
  await expect(update).toBeVisible();
  await expect(combobox(page, "State")).toHaveValue("Rhode Island");
  await expect(combobox(page, "School")).toHaveValue("Brown University (Providence)");
  await expect(field(page, "Major")).toHaveValue("Economics");
  await checkbox(page, "My school is not listed").check();
  await update.getByRole("button", { name: "Save" }).click();
  await expect(update.getByText("School is required.")).toBeVisible();
  await field(page, "School Name").fill("Ocean State Sports Academy");
  await field(page, "Major").fill("Sports Management");
  await pick(page, "Degree", "Post Graduate");
  await pick(page, "Competition Level", "Club Sports");
  await update.getByRole("button", { name: "Save" }).click();
  await expect(update).toBeHidden();
  await expect(list).toContainText("Ocean State Sports Academy");
  await expect(list).toContainText("Post Graduate · Sports Management · 2018 · Club Sports");
  await expect(list).not.toContainText("Brown University");

  await page.reload();
  await tab(page, "Education").click();
  await expect(list).toContainText("Ocean State Sports Academy");

  // Remove: the spec's question, then the list is empty again.
  await page.getByRole("button", { name: "Remove Ocean State Sports Academy" }).click();
  const remove = page.getByRole("dialog", { name: "Remove School" });
  await expect(remove).toContainText("Do you really want to remove the school: Ocean State Sports Academy?");
  await remove.getByRole("button", { name: "No" }).click();
  await expect(remove).toBeHidden();
  await expect(list).toContainText("Ocean State Sports Academy");
  await page.getByRole("button", { name: "Remove Ocean State Sports Academy" }).click();
  await remove.getByRole("button", { name: "Yes" }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText("No education information.")).toBeVisible();
});

test("about me and work experience: edited in their own tabs, shown on the profile", async ({ page }, testInfo) => {
  const member = await memberViaTrpc({ firstName: "Robin", lastName: "Vance" });
  await loginThroughUi(page, member.email, member.password);
  await openEditProfile(page);

  // About Me: the four texts save with the spec's message and come back after a reload.
  await tab(page, "About Me").click();
  await field(page, "About Me").fill("Left back from Providence, two seasons in college soccer.");
  await field(page, "Special Skills").fill("Long throw-ins");
  await field(page, "Activities").fill("x".repeat(2001));
  await field(page, "Interests").focus();
  await expect(panel(page).getByText("At most 2000 characters.")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(panel(page).getByText("Saved sucessfully.")).toHaveCount(0);
  await field(page, "Activities").fill("Coaching kids on Saturdays");
  await save(page);
  await page.reload();
  await tab(page, "About Me").click();
  await expect(field(page, "About Me")).toHaveValue("Left back from Providence, two seasons in college soccer.");
  await expect(field(page, "Activities")).toHaveValue("Coaching kids on Saturdays");

  // Work Experience: the required fields, then a job added, edited and removed through the modals.
  await tab(page, "Work Experience").click();
  await expect(page.getByText("No work experience information.")).toBeVisible();
  await page.getByRole("button", { name: "Add Job" }).click();
  const add = page.getByRole("dialog", { name: "Add New Job" });
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add.getByText("Company is required.")).toBeVisible();
  await expect(add.getByText("Job title is required.")).toBeVisible();
  await field(page, "Company").fill("Harbor Athletics");
  await field(page, "Job Title").fill("Assistant Coach");
  await field(page, "City").fill("Newport");
  await pick(page, "State", "Rhode Island", "Rhode");
  await pick(page, "Start Month", "March");
  await pick(page, "Start Year", "2021", "2021");
  await checkbox(page, "I currently work here").check();
  await expect(combobox(page, "End Year")).toHaveCount(0);
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toBeHidden();
  const jobs = page.getByRole("list", { name: "Work Experience" });
  await expect(jobs.getByRole("listitem")).toHaveCount(1);
  await expect(jobs).toContainText("Assistant Coach, Harbor Athletics");
  await expect(jobs).toContainText("Newport, RI");

  await page.getByRole("button", { name: "Edit Assistant Coach, Harbor Athletics" }).click();
  const update = page.getByRole("dialog", { name: "Update Job" });
  await expect(field(page, "Company")).toHaveValue("Harbor Athletics");
  await field(page, "Job Title").fill("Head Coach");
  await update.getByRole("button", { name: "Save" }).click();
  await expect(update).toBeHidden();
  await expect(jobs).toContainText("Head Coach, Harbor Athletics");
  await testInfo.attach("edit-profile-work-experience-desktop", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await testInfo.attach("edit-profile-work-experience-390", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The profile view shows both.
  await page.goto(`/members/view-profile/show-profile?memberID=${member.memberId}`);
  await expect(page.getByText("Long throw-ins")).toBeVisible();
  await expect(page.getByText("Head Coach, Harbor Athletics")).toBeVisible();

  // Remove: the question, then the list is empty again.
  await openEditProfile(page);
  await tab(page, "Work Experience").click();
  await page.getByRole("button", { name: "Remove Head Coach, Harbor Athletics" }).click();
  const remove = page.getByRole("dialog", { name: "Remove Job" });
  await expect(remove).toContainText("Do you really want to remove the job: Head Coach, Harbor Athletics?");
  await remove.getByRole("button", { name: "Yes" }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText("No work experience information.")).toBeVisible();
});

test("photos and videos: adId=2 opens Photos; the account URL and channel ID save and come back", async ({ page }) => {
  const member = await memberViaTrpc();
  await loginThroughUi(page, member.email, member.password);
  await openEditProfile(page, "?adId=2");
  await expect(tab(page, "Photos")).toHaveAttribute("aria-selected", "true");
  await openEditProfile(page, "?adId=1");
  await expect(tab(page, "Basic Info.")).toHaveAttribute("aria-selected", "true");

  await openEditProfile(page, "?adId=2");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Instagram URL is required.")).toBeVisible();
  await field(page, "Photo Account URL").fill("https://www.instagram.com/jordan.keller");
  await save(page);

  await tab(page, "Videos").click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Channel ID is required.")).toBeVisible();
  await field(page, "Channel ID").fill(youtubeFixture.channelId);
  await save(page);

  await page.reload();
  await tab(page, "Photos").click();
  await expect(field(page, "Photo Account URL")).toHaveValue("https://www.instagram.com/jordan.keller");
  await tab(page, "Videos").click();
  await expect(field(page, "Channel ID")).toHaveValue(youtubeFixture.channelId);
});

test("change photo: the spec's messages before any upload, then a real upload updates header and navbar", async ({ page }) => {
  const member = await memberViaTrpc();
  await loginThroughUi(page, member.email, member.password);
  await openEditProfile(page);
  const input = page.locator('input[type="file"]');
  const upload = page.getByRole("button", { name: "Upload photo" });

  await upload.click();
  await expect(page.getByText("Upload file is required. Please choose a file!")).toBeVisible();

  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expect(page.getByText("Only image file types .jpg, .png, .svg, and .gif are allowed!")).toBeVisible();

  await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(3_000_001) });
  await expect(page.getByText("The chosen image file size is too big! Only file size of 3 megabytes or less allowed.")).toBeVisible();
  await upload.click();
  await expect(page.getByText("The chosen image file size is too big! Only file size of 3 megabytes or less allowed.")).toBeVisible();

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2877f3" } })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText(/Only image file types|too big/)).toHaveCount(0);
  await upload.click();
  await expect(page.getByText("Your new photo is in place.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Profile photo of Alex Runner" })).toHaveAttribute("src", /\/uploads\//);
  await expect(page.getByRole("button", { name: /account menu/ }).locator("img")).toHaveAttribute("src", /\/uploads\//);
});

test("another member sees only what the owner allows; the mobile phone's level makes it visible", async ({ page, browser }) => {
  const owner = await memberViaTrpc({ firstName: "Riley", lastName: "Owner" });
  await loginThroughUi(page, owner.email, owner.password);
  await openEditProfile(page);
  await tab(page, "Contact Info.").click();
  await field(page, "Other E-mail").fill("riley.other@example.com");
  await field(page, "Cell Phone").fill("401-555-0199");
  await field(page, "Home Phone").fill("401-555-0198");
  await field(page, "Other Phone").fill("401-555-0197");
  await field(page, "City").fill("Newport");
  await field(page, "Facebook").fill("riley.owner");
  await save(page);

  // The owner sees everything on their own profile.
  await page.getByRole("button", { name: "Riley Owner: account menu" }).click();
  await page.getByRole("menuitem", { name: "View Profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/members/view-profile/show-profile\\?memberID=${owner.memberId}$`));
  await tab(page, "Contact Info.").click();
  await expect(page.getByText("401-555-0199")).toBeVisible();
  await expect(page.getByText(owner.email)).toBeVisible();

  const { page: other, context } = await viewerOf(browser, owner);
  await expect(other.getByRole("heading", { name: "Riley Owner" })).toBeVisible();
  await expect(other.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);
  // Basic info: gender and birth date are hidden by default.
  await expect(panel(other).getByText("Athlete (Amateur)")).toBeVisible();
  await expect(other.getByText("Gender", { exact: true })).toHaveCount(0);
  await expect(other.getByText("Birth Date", { exact: true })).toHaveCount(0);
  await tab(other, "Contact Info.").click();
  // (In the panel: the right column's suggestions show members' cities too.)
  await expect(panel(other).getByText("Newport")).toBeVisible();
  await expect(panel(other).getByText("riley.owner")).toBeVisible();
  for (const hidden of ["401-555-0199", "401-555-0198", "401-555-0197", "riley.other@example.com", owner.email]) {
    await expect(other.getByText(hidden)).toHaveCount(0);
  }
  await tab(other, "Education").click();
  await expect(other.getByText("No educational information found.")).toBeVisible();
  await tab(other, "Photos").click();
  await expect(other.getByText("This member has not linked a photo account yet.")).toBeVisible();
  await tab(other, "Videos").click();
  await expect(other.getByText("No youtube playlist were found for this member.")).toBeVisible();
  await expect(other.getByRole("link", { name: "Visit the video channel" })).toHaveCount(0);

  // The owner makes the mobile phone Public (its one control): the other member now sees it, and only it.
  await page.getByRole("button", { name: "Riley Owner: account menu" }).click();
  await page.getByRole("menuitem", { name: "Privacy Settings" }).click();
  await combobox(page, "Mobile Phone").click();
  await page.getByRole("option", { name: "Public", exact: true }).click();
  await page.getByRole("tabpanel").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved sucessfully.")).toBeVisible();

  await other.reload();
  await tab(other, "Contact Info.").click();
  await expect(other.getByText("401-555-0199")).toBeVisible();
  await expect(other.getByText("401-555-0198")).toHaveCount(0);
  await expect(other.getByText("riley.other@example.com")).toHaveCount(0);
  await context.close();
});

test("view profile: the photo account link and the channel's playlists and videos", async ({ page, browser }) => {
  const owner = await memberViaTrpc({ firstName: "Morgan", lastName: "Media" });
  await loginThroughUi(page, owner.email, owner.password);
  await openEditProfile(page, "?adId=2");
  await field(page, "Photo Account URL").fill("https://www.instagram.com/morgan.media");
  await save(page);
  await tab(page, "Videos").click();
  await field(page, "Channel ID").fill(youtubeFixture.channelId);
  await save(page);

  // Personal info and employment have services but no edit tab: filled through tRPC, the view shows them.
  const statuses = await page.evaluate(async () => {
    const post = (procedure: string, input: unknown) =>
      fetch(`/trpc/${procedure}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) }).then(
        (r) => r.status,
      );
    return [
      await post("profiles.savePersonal", { aboutMe: "Coach's kid, gym rat.", activities: "", interests: "Film study", specialSkills: "" }),
      await post("profiles.addEmployment", {
        companyName: "Ocean State Hoops",
        title: "Assistant Coach",
        startMonth: 9,
        startYear: 2022,
        currentlyWorksHere: true,
      }),
    ];
  });
  expect(statuses).toEqual([200, 200]);

  const { page: other, context } = await viewerOf(browser, owner);
  const basic = panel(other);
  await expect(basic.getByRole("heading", { name: "About Me" })).toBeVisible();
  await expect(basic.getByText("Coach's kid, gym rat.")).toBeVisible();
  await expect(basic.getByRole("heading", { name: "Interests" })).toBeVisible();
  await expect(basic.getByRole("heading", { name: "Activities" })).toHaveCount(0);
  await expect(basic.getByRole("heading", { name: "Work Experience" })).toBeVisible();
  await expect(basic.getByText("Assistant Coach, Ocean State Hoops")).toBeVisible();
  await expect(basic.getByText("Sep 2022 – Present")).toBeVisible();
  await tab(other, "Photos").click();
  const photos = other.getByRole("link", { name: /See the photos/ });
  await expect(photos).toHaveAttribute("href", "https://www.instagram.com/morgan.media");
  await expect(photos).toHaveAttribute("target", "_blank");
  await expect(photos).toHaveAttribute("rel", "noopener noreferrer");

  await tab(other, "Videos").click();
  await expect(other.getByRole("link", { name: "Visit the video channel" })).toHaveAttribute(
    "href",
    `https://www.youtube.com/channel/${youtubeFixture.channelId}`,
  );
  await expect(other.getByRole("button", { name: /^Show the videos of/ })).toHaveCount(2);
  await other.getByRole("button", { name: "Show the videos of Season Highlights" }).click();
  const video = other.getByRole("link", { name: "Buzzer beater against the Rivals" });
  await expect(video).toHaveAttribute("href", "https://www.youtube.com/watch?v=e2eVideo001");
  await expect(video).toHaveAttribute("rel", "noopener noreferrer");
  await expect(other.getByText("Last-second three from the corner.")).toBeVisible();
  await expect(other.getByText("Published March 15, 2024")).toBeVisible();
  await expect(other.getByRole("link", { name: "Defensive highlights" })).toHaveAttribute(
    "href",
    "https://www.youtube.com/watch?v=e2eVideo002",
  );

  await other.getByRole("button", { name: "All playlists" }).click();
  await other.getByRole("button", { name: "Show the videos of Training Drills" }).click();
  await expect(other.getByText("No videos found.")).toBeVisible();

  // The legacy profile link shows the same screen.
  await other.goto(`/members/show-profile?memberID=${owner.memberId}`);
  await expect(other.getByRole("heading", { name: "Morgan Media" })).toBeVisible();
  await context.close();
});

test("the profile screens work at phone width and in the dark theme", async ({ page }) => {
  const member = await memberViaTrpc();
  await page.setViewportSize({ width: 375, height: 740 });
  await loginThroughUi(page, member.email, member.password);
  await page.getByRole("button", { name: "Switch light or dark theme" }).click();
  for (const path of ["/members/edit-profile", `/members/view-profile/show-profile?memberID=${member.memberId}`]) {
    await page.goto(path);
    await expect(page.getByRole("tablist", { name: "Profile sections" })).toBeVisible();
    await tab(page, "Videos").click();
    await expect(tab(page, "Videos")).toHaveAttribute("aria-selected", "true");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  // An unknown member: a plain sentence, not a crash.
  await page.goto("/members/view-profile/show-profile?memberID=999999");
  await expect(page.getByText("We could not find this member's profile.")).toBeVisible();
});
