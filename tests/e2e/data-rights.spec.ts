import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "@playwright/test";
import { loginThroughUi, memberViaTrpc } from "./support/journey.ts";

// Data rights (issue 17, point 5; decision 036): a member asks for an archive of their data in
// Settings, is notified when the server's worker has prepared it and downloads the zip; then
// deletes the account with the password, is signed out, and signing in within the 14 days cancels it.

test("request an export, get notified, download the zip; delete the account, and a sign-in cancels it", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Dana", lastName: "Rights" });
  await loginThroughUi(page, member.email, member.password);

  await page.goto("/settings/account-setting?tab=data");
  await expect(page.getByRole("heading", { name: "Download your data" })).toBeVisible();
  await expect(page.getByText("You have not asked for an archive yet.")).toBeVisible();
  await page.getByRole("button", { name: "Download your data" }).click();
  // While the archive waits for the worker (it looks every 5 s) the screen says so; a worker quicker
  // than the list's refresh after the click leaves the archive ready straight away.
  const download = page.getByRole("main").getByRole("link", { name: "Download", exact: true });
  await expect(page.getByText("Your archive is being prepared. We will notify you when it is ready.").or(download)).toBeVisible();

  // The live notification arrives as a toast, and the screen updates.
  await expect(page.getByRole("alert").filter({ hasText: "Your data is ready to download" })).toBeVisible({ timeout: 20_000 });
  await expect(download).toBeVisible({ timeout: 10_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^sideline-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile(await file.path())));
  const data = JSON.parse(strFromU8(zip["sideline-data.json"]!));
  expect(data.account).toMatchObject({ email: member.email, firstName: "Dana", lastName: "Rights" });

  // Deletion: the password first (a wrong one is refused), then the confirmation.
  const password = page.getByLabel("Your password");
  await password.fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("The password is not correct.")).toBeVisible();
  // The confirmation closes with a transition: its button stays in the page until it has gone.
  await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeHidden();
  await password.fill(member.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await page.goto("/home");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();

  // Signing in within the grace period keeps the account, and a notification says why.
  await loginThroughUi(page, member.email, member.password);
  await page.goto("/messages/view-notifications");
  await expect(
    page
      .getByRole("main")
      .getByText(/the deletion of your account was cancelled/)
      .first(),
  ).toBeVisible();
});
