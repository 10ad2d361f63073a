import { uniqueEmail } from "../support/server.ts";
import { createAdmin } from "./support/admin.ts";
import { expect, test } from "./support/fixtures.ts";
import { fillRegistration } from "./support/journey.ts";

/**
 * An admin runs the site's content (decision 039): adds a news item, which members see on home;
 * closes registration, and the register page says so when someone tries; opens it by invitation
 * under a name of the site's own (the header shows it; a logged-out visitor sees it on the login
 * page and in the title, decision 043; a newcomer types the invite code); opens it again.
 */
const newcomerFields = () => ({ firstName: "Nora", lastName: "Latecomer", email: uniqueEmail("closed") });

test("an admin adds a news item that home shows, closes registration, which the register page tells, then opens it by invitation under the site's own name", async ({
  member,
  signedIn,
  browser,
}) => {
  test.slow(); // Three browsers (admin, reader, visitor) on a shared machine.
  const admin = await member({ firstName: "Cora", lastName: "Curator" });
  const reader = await member({ firstName: "Rhys", lastName: "Reader" });
  expect(createAdmin(admin.email)).toContain("is now an admin");

  const page = await signedIn(admin);
  await page.goto("/admin/news");
  const form = page.getByRole("form", { name: "Add a news item" });
  await form.getByRole("textbox", { name: "Title" }).fill("Indoor nets open on Monday");
  await form.getByRole("textbox", { name: "Text" }).fill("The winter hall is booked for training every weekday evening.");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("list", { name: "News" }).getByRole("listitem").first()).toContainText("Indoor nets open on Monday");

  const home = await signedIn(reader);
  await home.goto("/home");
  await expect(
    home.getByRole("region", { name: "Recent News" }).getByRole("heading", { name: "Indoor nets open on Monday" }),
  ).toBeVisible();
  // Removed at once: the other journeys share this database, and home's expect the welcome item alone.
  await page.getByRole("button", { name: "Remove: Indoor nets open on Monday" }).click();
  await expect(page.getByRole("list", { name: "News" }).getByRole("listitem", { name: "Indoor nets open on Monday" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Site settings" }).click();
  await expect(page).toHaveURL(/\/admin\/site$/);
  const settings = page.getByRole("form", { name: "Site settings" });
  await settings.getByRole("radio", { name: "Closed" }).check();
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");

  const visitor = await browser.newContext();
  try {
    const register = await visitor.newPage();
    await register.goto("/register");
    await fillRegistration(register, newcomerFields());
    await register.getByRole("button", { name: "Create Account" }).click();
    await expect(register.getByRole("alert")).toContainText("Registration is closed on this site.");
    await expect(register).toHaveURL(/\/register$/);
  } finally {
    await visitor.close();
    // Registration open again for the other journeys (one database).
    await settings.getByRole("radio", { name: "Open to anyone" }).check();
    await settings.getByRole("button", { name: "Save" }).click();
    await expect(settings.getByRole("status")).toHaveText("Saved.");
  }

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  const audit = page.getByRole("list", { name: "Audit log" });
  await expect(audit.getByRole("listitem").nth(0)).toContainText("Cora Curator changed Site settings");
  await expect(audit.getByRole("listitem").nth(2)).toContainText("Cora Curator removed the news item Indoor nets open on Monday");
  await expect(audit.getByRole("listitem").nth(3)).toContainText("Cora Curator added the news item Indoor nets open on Monday");

  // By invitation, under the site's own name: the header shows the name, and a newcomer types the
  // invite code an admin made on the register page.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Site settings" }).click();
  await settings.getByRole("textbox", { name: "Site name" }).fill("Harbour Rowing Club");
  await settings.getByRole("radio", { name: "By invitation (invite code)" }).check();
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");
  try {
    // The admin's own tab follows at once; the reader's header after a reload.
    await expect(page).toHaveTitle("Harbour Rowing Club");
    await home.reload();
    await expect(home.getByRole("link", { name: "Harbour Rowing Club Home" })).toBeVisible();
    await expect(home).toHaveTitle("Harbour Rowing Club");

    const invites = page.getByRole("list", { name: "Invite codes" });
    await expect(invites.getByRole("listitem").first().or(page.getByText("No invite codes yet."))).toBeVisible();
    const before = await invites.getByRole("listitem").count();
    await page.getByRole("button", { name: "Create an invite code" }).click();
    await expect(invites.getByRole("listitem")).toHaveCount(before + 1);
    const codes = await invites.getByRole("listitem").evaluateAll((items) => items.map((li) => li.querySelector("p")?.textContent ?? ""));

    const newcomer = await browser.newContext();
    try {
      // A logged-out visitor: the login page (its static shell first, then the app) and the title name the site.
      const register = await newcomer.newPage();
      await register.goto("/");
      await expect(register).toHaveTitle("Harbour Rowing Club");
      await expect(register.getByRole("heading", { level: 1, name: "Harbour Rowing Club" })).toBeVisible();
      await expect(register.getByText("New to Harbour Rowing Club?")).toBeVisible();
      await expect(register.getByText(`© ${new Date().getFullYear()} Harbour Rowing Club`)).toBeVisible();
      await expect(register.getByText("Sideline")).toHaveCount(0);
      await register.getByRole("link", { name: "Sign up" }).click();
      await expect(register).toHaveURL(/\/register$/);
      await expect(register.getByRole("heading", { level: 1, name: "Harbour Rowing Club" })).toBeVisible();
      await fillRegistration(register, newcomerFields());
      const code = register.getByRole("textbox", { name: "Invite code" });
      await code.fill("NOT-A-CODE");
      await register.getByRole("button", { name: "Create Account" }).click();
      await expect(register.getByRole("alert")).toContainText("This invite code is not valid or has already been used.");
      // The newest code: the list shows them newest first.
      await code.fill(codes[0]!);
      await register.getByRole("button", { name: "Create Account" }).click();
      await expect(register).toHaveURL(/\/confirm-register/);
    } finally {
      await newcomer.close();
    }
  } finally {
    // The site as the other journeys expect it (one database).
    await settings.getByRole("textbox", { name: "Site name" }).fill("Sideline");
    await settings.getByRole("radio", { name: "Open to anyone" }).check();
    await settings.getByRole("button", { name: "Save" }).click();
    await expect(settings.getByRole("status")).toHaveText("Saved.");
  }
});
