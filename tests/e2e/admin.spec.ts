import { createAdmin } from "./support/admin.ts";
import { expect, test } from "./support/fixtures.ts";
import { choose, field, loginThroughUi } from "./support/journey.ts";

/**
 * The first admin comes from `npm run create-admin` (the real script, on the journeys' database),
 * then runs the community from the admin screens: finds a member, suspends them with a reason, the
 * member cannot sign in and is told why, and nobody sees their profile; the admin restores them and they sign in, then makes them a
 * moderator, who gets the members page but not the audit log; the audit log lists the three actions.
 * A plain member has no Admin link and gets the not-found state.
 */
test("an admin suspends a member, who cannot sign in (told why) until restored, then makes them a moderator; the audit log lists all three", async ({
  member,
  signedIn,
  browser,
}) => {
  const admin = await member({ firstName: "Ada", lastName: "Steward" });
  const target = await member({ firstName: "Quentin", lastName: "Rowdyson" });
  expect(createAdmin(admin.email)).toContain("is now an admin");

  // A plain member: no Admin link, and /admin shows the not-found state.
  const plain = await signedIn(target);
  await plain.getByRole("button", { name: "Quentin Rowdyson: account menu" }).click();
  await expect(plain.getByRole("menuitem", { name: "Logout" })).toBeVisible();
  await expect(plain.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
  await plain.keyboard.press("Escape");
  await plain.goto("/admin/members");
  await expect(plain.getByText("We could not find that page.")).toBeVisible();

  const page = await signedIn(admin);
  await page.getByRole("button", { name: "Ada Steward: account menu" }).click();
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await field(page, "Name or e-mail begins with").fill("quentin row");
  const list = page.getByRole("list", { name: "Members" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await list.getByRole("link", { name: "Quentin Rowdyson" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/members/${target.memberId}$`));

  await page.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend Quentin Rowdyson" });
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog.getByText("Give a reason.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Abusive messages to juniors");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Suspended indefinitely: Abusive messages to juniors").first()).toBeVisible();

  // The member's open page has lost its session; signing in again is refused with the reason's message.
  const other = await browser.newContext();
  const refused = await other.newPage();
  await refused.goto("/");
  await field(refused, "Email").fill(target.email);
  await field(refused, "Password").fill(target.password);
  await refused.getByRole("button", { name: "Log in" }).click();
  const refusal = refused.getByRole("alert");
  await expect(refusal).toContainText("Your account is suspended. You cannot sign in until an administrator restores it.");
  await expect(refusal).toContainText("Abusive messages to juniors");

  // Hidden while suspended: their profile answers as for a member who does not exist.
  const lookup = await page.context().newPage();
  await lookup.goto(`/members/view-profile/show-profile?memberID=${target.memberId}`);
  await expect(lookup.getByText("There is no such member.")).toBeVisible();
  await lookup.close();

  // Restoring asks for an optional reason, which the audit log keeps.
  await page.getByRole("button", { name: "Restore" }).click();
  const restoreDialog = page.getByRole("dialog", { name: "Restore Quentin Rowdyson" });
  await restoreDialog.getByRole("textbox", { name: "Reason (optional, for the audit log)" }).fill("Apologised to the club");
  await restoreDialog.getByRole("button", { name: "Restore" }).click();
  await expect(restoreDialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Suspend" })).toBeVisible();
  await loginThroughUi(refused, target.email, target.password);

  // The admin makes them a moderator: the Admin link and the members page, not the audit log (admins only).
  await choose(page, "Role", "Moderator");
  await page.getByRole("button", { name: "Save role" }).click();
  await page
    .getByRole("dialog", { name: "Change the role of Quentin Rowdyson to Moderator" })
    .getByRole("button", { name: "Save role" })
    .click();
  await expect(page.getByText("Done.")).toBeVisible();
  await refused.reload();
  await refused.getByRole("button", { name: "Quentin Rowdyson: account menu" }).click();
  await refused.getByRole("menuitem", { name: "Admin" }).click();
  await expect(refused).toHaveURL(/\/admin\/members$/);
  const moderatorNav = refused.getByRole("navigation", { name: "Admin" });
  await expect(moderatorNav.getByRole("link", { name: "Members" })).toHaveAttribute("aria-current", "page");
  await expect(moderatorNav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await refused.goto("/admin/audit");
  await expect(refused.getByText("We could not find that page.")).toBeVisible();
  await refused.goto("/admin");
  await expect(refused.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  await other.close();

  // The member's history on their page lists what was done to them.
  const history = page.getByRole("list", { name: "Audit log" });
  await expect(history.getByRole("listitem").nth(0)).toContainText("Ada Steward changed the role Quentin Rowdyson Member → Moderator");

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const audit = page.getByRole("list", { name: "Audit log" });
  await expect(audit.getByRole("listitem").nth(0)).toContainText("Ada Steward changed the role Quentin Rowdyson");
  await expect(audit.getByRole("listitem").nth(1)).toContainText("Ada Steward restored Quentin Rowdyson");
  await expect(audit.getByRole("listitem").nth(1)).toContainText("Apologised to the club");
  await expect(audit.getByRole("listitem").nth(2)).toContainText("Ada Steward suspended Quentin Rowdyson");
  await expect(audit.getByRole("listitem").nth(2)).toContainText("Abusive messages to juniors");
});
