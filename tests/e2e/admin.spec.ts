import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "./support/fixtures.ts";
import { field, loginThroughUi } from "./support/journey.ts";

/**
 * The first admin comes from `npm run create-admin` (the real script, on the journeys' database),
 * then runs the community from the admin screens: finds a member, suspends them with a reason, the
 * member cannot sign in and is told why; the admin restores them and they sign in; the audit log
 * lists both actions. A plain member has no Admin link and gets the not-found state.
 */
function createAdmin(email: string): string {
  const database = process.env.E2E_DB_URL ?? "";
  const where = /^postgres(ql)?:/.test(database) ? { DATABASE_URL: database } : { DATA_DIR: path.dirname(database) };
  return execFileSync("npx", ["bun", "scripts/create-admin.ts", "--email", email], { env: { ...process.env, ...where }, encoding: "utf8" });
}

test("an admin suspends a member, who cannot sign in until restored; the audit log lists both", async ({ member, signedIn, browser }) => {
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
  await expect(refused.getByRole("alert")).toHaveText("Your account is suspended. You cannot sign in until an administrator restores it.");

  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByRole("button", { name: "Suspend" })).toBeVisible();
  await loginThroughUi(refused, target.email, target.password);
  await other.close();

  await page.getByRole("tab", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const audit = page.getByRole("list", { name: "Audit log" });
  await expect(audit.getByRole("listitem").nth(0)).toContainText("Ada Steward restored Quentin Rowdyson");
  await expect(audit.getByRole("listitem").nth(1)).toContainText("Ada Steward suspended Quentin Rowdyson");
  await expect(audit.getByRole("listitem").nth(1)).toContainText("Abusive messages to juniors");
});
