import { expect, test } from "@playwright/test";
import { logoutThroughUi, memberViaTrpc, field } from "./support/journey.ts";
import { deactivateAs } from "./support/fixtures.ts";

test("a deactivated member is refused at login, reactivates, and is welcomed back once", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Dee", lastName: "Active" });
  await deactivateAs(member);

  await page.goto("/");
  await field(page, "Email").fill(member.email);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Your account was deactivated recently or sometime ago. To re-activate your account, please")).toBeVisible();
  await page.getByRole("link", { name: "click here" }).click();
  await expect(page).toHaveURL(/\/reactivate$/);

  // Wrong password first.
  await field(page, "Email").fill(member.email);
  await field(page, "Password").fill("not-the-password");
  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText("Incorrect Email/Password combination.")).toBeVisible();
  await expect(page.getByText(/The password and email address you entered don't match/)).toBeVisible();

  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page).toHaveURL(/\/home$/);
  const welcome = page.getByRole("dialog", { name: "Welcome back!" });
  await expect(welcome).toBeVisible();
  await welcome.getByRole("button", { name: "Close" }).click();
  await expect(welcome).toBeHidden();

  // Once: not after a reload, nor after the next login.
  await page.reload();
  await expect(page.getByRole("heading", { name: /Welcome to Sideline, Dee/ })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Welcome back!" })).toHaveCount(0);
  await logoutThroughUi(page, "Dee Active");
  await field(page, "Email").fill(member.email);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: /Welcome to Sideline, Dee/ })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Welcome back!" })).toHaveCount(0);
});
