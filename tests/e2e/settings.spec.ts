import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import sharp from "sharp";
import { uniqueEmail } from "../support/server.ts";
import { choose, field, loginThroughUi, logoutThroughUi, memberViaTrpc, nextMail } from "./support/journey.ts";

// The settings screens of spec section 2: account settings (Change Photo, Name, E-mail, Password,
// Security Questions, Notifications, Devices, Deactivate) and privacy settings (Profile, Search),
// opened from the navbar's user menu.

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
/** The tab panel on show (the others stay mounted, hidden). */
const panel = (page: Page) => page.getByRole("tabpanel");
const combobox = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const switchOf = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });
const userMenu = (page: Page, name: string) => page.getByRole("button", { name: `${name}: account menu` });
const navSearch = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("combobox", { name: "Search members" });

/** Opens a settings screen from the user menu and waits for its tabs. */
async function openFromMenu(page: Page, memberName: string, item: "Account Settings" | "Privacy Settings"): Promise<void> {
  await userMenu(page, memberName).click();
  await page.getByRole("menuitem", { name: item }).click();
  const path = item === "Account Settings" ? "account-setting" : "privacy-setting";
  await expect(page).toHaveURL(new RegExp(`/settings/${path}`));
  await expect(page.getByRole("heading", { name: item, level: 1 })).toBeVisible();
}

/**
 * Saves the panel on show and checks the spec's states: "Saving..." (disabled) while the call runs
 * (slowed down a little so it can be seen), then "Saved sucessfully.".
 */
async function saveAndExpectSaved(page: Page, procedure: string): Promise<void> {
  const url = new RegExp(`/trpc/[^?]*settings\\.${procedure}\\b`);
  await page.route(url, async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await panel(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(panel(page).getByRole("button", { name: "Saving..." })).toBeDisabled();
  await expect(panel(page).getByText("Saved sucessfully.")).toBeVisible();
  await page.unroute(url);
}

/** After losing its session, a page's next navigation lands on the login page (or the error page). */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/settings/account-setting");
  await expect(page).toHaveURL(/\/(\?return=.*|errors\?errType=BadToken)$/);
  await expect(
    page.getByRole("button", { name: "Log in" }).or(page.getByText("It looks like your session may have timed out.")),
  ).toBeVisible();
}

test("the user menu opens both settings screens; the name saves, shows in the navbar and comes back", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Nadia", lastName: "Settings" });
  await loginThroughUi(page, member.email, member.password);
  await openFromMenu(page, "Nadia Settings", "Privacy Settings");
  await expect(tab(page, "Profile")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Search")).toBeVisible();

  await openFromMenu(page, "Nadia Settings", "Account Settings");
  const tabs = page.getByRole("tablist", { name: "Account settings sections" }).getByRole("tab");
  await expect(tabs).toHaveText([
    "Change Photo",
    "Name",
    "E-mail",
    "Password",
    "Security Questions",
    "Notifications",
    "Devices",
    "Deactivate",
    "Your data",
  ]);
  await expect(tab(page, "Change Photo")).toHaveAttribute("aria-selected", "true");

  await tab(page, "Name").click();
  await expect(page).toHaveURL(/[?&]tab=name/);
  await expect(field(page, "First Name")).toHaveValue("Nadia");
  await expect(field(page, "Last Name")).toHaveValue("Settings");
  await field(page, "First Name").fill("");
  await field(page, "Last Name").fill("");
  await panel(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(panel(page).getByText("First name required.")).toBeVisible();
  await expect(panel(page).getByText("Last name required.")).toBeVisible();
  await expect(panel(page).getByText("Saved sucessfully.")).toHaveCount(0);

  await field(page, "First Name").fill("Nadia");
  await field(page, "Middle Name").fill("Rose");
  await field(page, "Last Name").fill("Renamed");
  await saveAndExpectSaved(page, "saveName");
  // The navbar follows at once.
  await expect(userMenu(page, "Nadia Rose Renamed").or(userMenu(page, "Nadia Renamed"))).toBeVisible();

  // A new save clears the message until it succeeds.
  await saveAndExpectSaved(page, "saveName");

  // ?tab=name opens the tab after a reload, with what was saved.
  await page.reload();
  await expect(tab(page, "Name")).toHaveAttribute("aria-selected", "true");
  await expect(field(page, "Middle Name")).toHaveValue("Rose");
  await expect(field(page, "Last Name")).toHaveValue("Renamed");
});

test("change photo: the spec's checks, a preview, then the upload updates the tab and the navbar", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Pia", lastName: "Picture" });
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/settings/account-setting");
  await expect(tab(page, "Change Photo")).toHaveAttribute("aria-selected", "true");
  const input = panel(page).locator('input[type="file"]');
  const upload = panel(page).getByRole("button", { name: "Upload photo" });
  await expect(panel(page).getByRole("img", { name: "Current photo" })).toBeVisible();

  await upload.click();
  await expect(panel(page).getByText("Upload file is required. Please choose a file!")).toBeVisible();
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expect(panel(page).getByText("Only image file types .jpg, .png, .svg, and .gif are allowed!")).toBeVisible();
  await expect(panel(page).getByRole("img", { name: "Preview of the chosen image" })).toHaveCount(0);
  await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(3_000_001) });
  await expect(
    panel(page).getByText("The chosen image file size is too big! Only file size of 3 megabytes or less allowed."),
  ).toBeVisible();

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#22974c" } })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(panel(page).getByRole("img", { name: "Preview of the chosen image" })).toHaveAttribute("src", /^data:image\/png;base64,/);
  await upload.click();
  await expect(panel(page).getByText("Your new photo is in place.")).toBeVisible();
  await expect(panel(page).getByRole("img", { name: "Current photo" })).toHaveAttribute("src", /\/uploads\//);
  await expect(userMenu(page, "Pia Picture").locator("img")).toHaveAttribute("src", /\/uploads\//);
});

test("password: the spec's messages, a wrong current password, then a change signs out the other browser", async ({ page, signedIn }) => {
  const member = await memberViaTrpc({ firstName: "Paul", lastName: "Secret" });
  const other = await signedIn(member);
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/settings/account-setting?tab=password");
  await expect(tab(page, "Password")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page).getByText(/Use 5 to 12 characters/)).toBeVisible();
  const save = panel(page).getByRole("button", { name: "Save", exact: true });
  // Save waits for valid input.
  await expect(save).toBeDisabled();

  await field(page, "Current Password").fill("wrong-password");
  await field(page, "New Password").fill("abc");
  await field(page, "Re-enter Password").click();
  await expect(panel(page).getByText("Password must be 5 characters or more.")).toBeVisible();
  await field(page, "New Password").click();
  await expect(panel(page).getByText("Please re-enter password.")).toBeVisible();
  await field(page, "New Password").fill("NewPass99");
  await field(page, "Re-enter Password").fill("NewPass98");
  await field(page, "Re-enter Password").blur();
  await expect(panel(page).getByText("Re-enter password must match password.")).toBeVisible();
  await expect(save).toBeDisabled();
  await field(page, "Re-enter Password").fill("NewPass99");
  await field(page, "Re-enter Password").blur();
  await expect(save).toBeEnabled();

  // The server checks the current password.
  await save.click();
  await expect(panel(page).getByText("The current password you entered is not correct.")).toBeVisible();
  await expect(panel(page).getByText("Saved sucessfully.")).toHaveCount(0);

  await field(page, "Current Password").fill(member.password);
  await saveAndExpectSaved(page, "changePassword");
  await expect(panel(page).getByText("Every other device signed in to your account was signed out.", { exact: false })).toBeVisible();
  await expect(field(page, "Current Password")).toHaveValue("");

  // This browser stays signed in; the other one is signed out.
  await page.reload();
  await expect(tab(page, "Password")).toBeVisible();
  await expectSignedOut(other);

  // The new password is the one that works.
  await logoutThroughUi(page, "Paul Secret");
  await field(page, "Email").fill(member.email);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText(/Sorry, we could not find your account/)).toBeVisible();
  await loginThroughUi(page, member.email, "NewPass99");
});

test("security question: required messages, then saved; the answer is never shown", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Quinn", lastName: "Question" });
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/settings/account-setting");
  await tab(page, "Security Questions").click();
  await expect(panel(page).getByText("You have not chosen a security question yet.")).toBeVisible();
  await expect(combobox(page, "Security Question")).toHaveValue("");
  await expect(combobox(page, "Security Question")).toHaveAttribute("placeholder", "Select");

  await panel(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(panel(page).getByText("Security question required.")).toBeVisible();
  await expect(panel(page).getByText("Your answer is required.")).toBeVisible();

  await combobox(page, "Security Question").click();
  await expect(page.getByRole("option")).toHaveText([
    "Who was your first love?",
    "Who was your favorite teacher?",
    "What is your mother's name?",
    "What was your first pet's name?",
    "What neighborhood did you grow up on?",
    "What is your father's nick name?",
  ]);
  await page.getByRole("option", { name: "What was your first pet's name?" }).click();
  await field(page, "Your Answer").fill("Biscuit");
  await saveAndExpectSaved(page, "saveSecurityQuestion");
  await expect(field(page, "Your Answer")).toHaveValue("");
  await expect(panel(page).getByText(/An answer is set/)).toBeVisible();

  await page.reload();
  await expect(tab(page, "Security Questions")).toHaveAttribute("aria-selected", "true");
  await expect(combobox(page, "Security Question")).toHaveValue("What was your first pet's name?");
  await expect(field(page, "Your Answer")).toHaveValue("");
  await expect(panel(page).getByText(/An answer is set/)).toBeVisible();
  await expect(page.getByText("Biscuit")).toHaveCount(0);
});

test("notifications: the four switches save and come back", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Nora", lastName: "Notify" });
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/settings/account-setting");
  await tab(page, "Notifications").click();
  const names = [
    "A member sends me a message",
    "A member asks to add me as a contact",
    "A member accepts my contact request",
    "A member replies to one of my posts",
  ];
  for (const name of names) await expect(switchOf(page, name)).toBeChecked();
  await switchOf(page, names[0]!).click();
  await switchOf(page, names[3]!).click();
  await saveAndExpectSaved(page, "saveNotifications");

  await page.reload();
  await expect(switchOf(page, names[0]!)).not.toBeChecked();
  await expect(switchOf(page, names[1]!)).toBeChecked();
  await expect(switchOf(page, names[2]!)).toBeChecked();
  await expect(switchOf(page, names[3]!)).not.toBeChecked();
});

test("privacy, Profile tab: Contact Info. set to Private is private for another member at once", async ({ page, signedIn }) => {
  const owner = await memberViaTrpc({ firstName: "Olive", lastName: "Private" });
  const viewer = await signedIn(await memberViaTrpc({ firstName: "Vic", lastName: "Viewer" }));
  await viewer.goto(`/members/view-profile/show-profile?memberID=${owner.memberId}`);
  await tab(viewer, "Contact Info.").click();
  await expect(panel(viewer).getByText("This section is private.")).toHaveCount(0);

  await loginThroughUi(page, owner.email, owner.password);
  await openFromMenu(page, "Olive Private", "Privacy Settings");
  const levels = [
    "Basic Info.",
    "Personal Info.",
    "Contact Info.",
    "Education",
    "Work Experience",
    "Photos",
    "Videos",
    "Mobile Phone",
    "Other Phone",
    "E-mail Address",
  ];
  for (const name of levels) await expect(combobox(page, name)).toBeVisible();
  await expect(combobox(page, "Contact Info.")).toHaveValue("Public");
  await combobox(page, "Contact Info.").click();
  await expect(page.getByRole("option")).toHaveText(["Public", "Private", "Only Contacts"]);
  await page.getByRole("option", { name: "Private", exact: true }).click();
  await choose(page, "Education", "Only Contacts");
  await saveAndExpectSaved(page, "saveProfilePrivacy");

  await page.reload();
  await expect(combobox(page, "Contact Info.")).toHaveValue("Private");
  await expect(combobox(page, "Education")).toHaveValue("Only Contacts");
  await expect(combobox(page, "Basic Info.")).toHaveValue("Public");

  await viewer.reload();
  await tab(viewer, "Contact Info.").click();
  await expect(panel(viewer).getByText("This section is private.")).toBeVisible();
});

test("privacy, Search tab: Only Contacts hides the member from another member's navbar search", async ({ page, signedIn }) => {
  // Letters only: names are plain words (digits are refused).
  const surname = `Hidden${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
  const owner = await memberViaTrpc({ firstName: "Sam", lastName: surname });
  const viewer = await signedIn(await memberViaTrpc({ firstName: "Val", lastName: "Seeker" }));
  await navSearch(viewer).fill(surname);
  await expect(viewer.getByRole("option", { name: new RegExp(surname) })).toBeVisible();

  await loginThroughUi(page, owner.email, owner.password);
  await page.goto("/settings/privacy-setting");
  await tab(page, "Search").click();
  await expect(page).toHaveURL(/[?&]tab=search/);
  await expect(page.getByRole("radio", { name: "Everyone" })).toBeChecked();
  const flags = ["Your profile picture", "Your contacts list", "The link to add you as a contact", "The link to send you a message"];
  for (const name of flags) await expect(switchOf(page, name)).toBeChecked();
  await page.getByRole("radio", { name: "Only Contacts" }).check();
  await switchOf(page, "Your contacts list").click();
  await switchOf(page, "The link to send you a message").click();
  await saveAndExpectSaved(page, "saveSearchPrivacy");

  await page.reload();
  await expect(tab(page, "Search")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("radio", { name: "Only Contacts" })).toBeChecked();
  await expect(switchOf(page, "Your profile picture")).toBeChecked();
  await expect(switchOf(page, "Your contacts list")).not.toBeChecked();
  await expect(switchOf(page, "The link to add you as a contact")).toBeChecked();
  await expect(switchOf(page, "The link to send you a message")).not.toBeChecked();

  await viewer.reload();
  // The search runs (after its debounce) and finds no one.
  const searched = viewer.waitForResponse((r) => r.url().includes("search.members"));
  await navSearch(viewer).fill(surname);
  await searched;
  await expect(viewer.getByRole("option", { name: new RegExp(surname) })).toHaveCount(0);
});

test("deactivate: confirm, Deactivating..., the landing page; login refuses, then reactivation brings the member home", async ({
  page,
}) => {
  const member = await memberViaTrpc({ firstName: "Dana", lastName: "Leaving" });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/settings/account-setting?tab=deactivate");
  await expect(combobox(page, "Reason for leaving")).toHaveAttribute("placeholder", "Select");
  await combobox(page, "Reason for leaving").click();
  await expect(page.getByRole("option")).toHaveText([
    "This is temporary. I'll be back.",
    "I have another account.",
    "I get too many emails, invitations, and requests.",
    "I don't feel my privacy or security is protected enough.",
    "I don't understand how to use it.",
    "Other",
  ]);
  await page.getByRole("option", { name: "This is temporary. I'll be back." }).click();
  await field(page, "Please explain further").fill("Off-season break.");

  // No closes the dialog and changes nothing.
  await panel(page).getByRole("button", { name: "Deactivate" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to deactivate your account?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "No" }).click();
  await expect(dialog).toBeHidden();

  await panel(page).getByRole("button", { name: "Deactivate" }).click();
  await page.route(/\/trpc\/[^?]*settings\.deactivate\b/, async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expect(dialog.getByRole("button", { name: "Deactivating..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  // Leaving the signed-in screens on the way broke nothing.
  expect(pageErrors).toEqual([]);

  // Signed out: the guarded screens send the visitor to the login page.
  await page.goto("/home");
  await expect(page).toHaveURL(/\/\?return=/);

  await field(page, "Email").fill(member.email);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Your account was deactivated recently or sometime ago. To re-activate your account, please")).toBeVisible();
  await page.getByRole("link", { name: "click here" }).click();
  await expect(page).toHaveURL(/\/reactivate$/);
  // Filled again until both fields hold their values: a PostgreSQL run once lost the e-mail typed in
  // the page's first instant (the page was drawn anew; left open in the stop note of 2026-11-27).
  await expect(async () => {
    await field(page, "Email").fill(member.email);
    await field(page, "Password").fill(member.password);
    await expect(page.getByRole("button", { name: "Reactivate" })).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("dialog", { name: "Welcome back!" })).toBeVisible();
});

/** The code and link of the "confirm your new address" mail. */
async function emailChangeMail(to: string) {
  const mail = await nextMail(to, { subject: "Confirm your new Sideline e-mail address" });
  const code = /Your confirmation code is: ([A-Z0-9]+)/.exec(mail.text)?.[1];
  const link = /https?:\/\/\S+\/settings\/account-setting\?\S+/.exec(mail.text)?.[0];
  if (!code || !link) throw new Error(`No code or link in:\n${mail.text}`);
  return { code, link };
}

test("e-mail: request, cancel, a wrong then the right code; the link works after logging in; log in with the new address", async ({
  page,
}) => {
  const member = await memberViaTrpc({ firstName: "Eli", lastName: "Mailer" });
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/settings/account-setting");
  await tab(page, "E-mail").click();
  await expect(field(page, "Current E-mail")).toHaveValue(member.email);

  // The address in use is refused; then a real request, cancelled.
  await field(page, "New E-mail").fill(member.email);
  await panel(page).getByRole("button", { name: "Send confirmation code" }).click();
  await expect(panel(page).getByText("This is already the e-mail address of your account.")).toBeVisible();
  const first = uniqueEmail("first-new");
  await field(page, "New E-mail").fill(first);
  await panel(page).getByRole("button", { name: "Send confirmation code" }).click();
  await expect(panel(page).getByText(`We sent a confirmation code to ${first}.`, { exact: false })).toBeVisible();
  const cancelled = await emailChangeMail(first);
  await panel(page).getByRole("button", { name: "Cancel change" }).click();
  await expect(field(page, "New E-mail")).toBeVisible();

  // A second request, confirmed with the code typed in (a wrong one first).
  const second = uniqueEmail("second-new");
  await field(page, "New E-mail").fill(second);
  await panel(page).getByRole("button", { name: "Send confirmation code" }).click();
  const { code } = await emailChangeMail(second);
  await field(page, "Confirmation Code").fill(cancelled.code);
  await panel(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(panel(page).getByText("The code entered is invalid or expired.")).toBeVisible();
  await field(page, "Confirmation Code").fill(code);
  await panel(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(panel(page).getByText(`Your e-mail address is now ${second}.`)).toBeVisible();
  await expect(field(page, "Current E-mail")).toHaveValue(second);

  // A third change by the e-mail's link, opened while signed out: log in first, then it confirms.
  const third = uniqueEmail("third-new");
  await field(page, "New E-mail").fill(third);
  await panel(page).getByRole("button", { name: "Send confirmation code" }).click();
  await expect(panel(page).getByText(`We sent a confirmation code to ${third}.`, { exact: false })).toBeVisible();
  const { link } = await emailChangeMail(third);
  await logoutThroughUi(page, "Eli Mailer");
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page).toHaveURL(/\/\?return=/);
  await field(page, "Email").fill(second);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText(`Your e-mail address is now ${third}.`)).toBeVisible();
  await expect(tab(page, "E-mail")).toHaveAttribute("aria-selected", "true");
  // The link's code leaves the address bar: a reload does not send it again.
  await expect(page).toHaveURL(/\/settings\/account-setting\?tab=email$/);
  await expect(field(page, "Current E-mail")).toHaveValue(third);

  await logoutThroughUi(page, "Eli Mailer");
  await field(page, "Email").fill(second);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText(/Sorry, we could not find your account/)).toBeVisible();
  await loginThroughUi(page, third, member.password);
});

test("devices: this device is marked; signing out the other browser, then everywhere else", async ({ page, signedIn }) => {
  const member = await memberViaTrpc({ firstName: "Devi", lastName: "Ces" });
  const other = await signedIn(member);
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/settings/account-setting?tab=devices");
  // This browser, the other one, and the session the registration helper's API login opened.
  const rows = panel(page).getByRole("listitem");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByText("This device")).toBeVisible();
  await expect(panel(page).getByText("This device")).toHaveCount(1);
  await expect(rows.nth(0).getByText(/Last seen (just now|\d+ min ago)/)).toBeVisible();
  await expect(rows.nth(0).getByRole("button", { name: /^Sign out/ })).toHaveCount(0);
  // The exact date on hover.
  await rows.nth(0).locator("time").first().hover();
  await expect(page.getByRole("tooltip")).toBeVisible();

  // The other browser's row: not this device, not the API client (named Node.js by its User-Agent).
  const otherRow = rows.filter({ hasNotText: "This device" }).filter({ hasNotText: "Node.js" });
  await expect(otherRow).toHaveCount(1);
  await otherRow.getByRole("button", { name: /^Sign out/ }).click();
  await expect(panel(page).getByText("The device was signed out.")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expectSignedOut(other);

  // Signed in again there (and in a third browser): "Sign out everywhere else" ends all three others.
  await loginThroughUi(other, member.email, member.password);
  const third = await signedIn(member);
  await page.reload();
  await expect(rows).toHaveCount(4);
  await panel(page).getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(panel(page).getByText("Signed out of 3 other devices.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(panel(page).getByText("No other device is signed in to your account.")).toBeVisible();
  await expectSignedOut(other);
  await expectSignedOut(third);
  // This device is still signed in.
  await page.reload();
  await expect(rows).toHaveCount(1);
});
