import { expect, test } from "@playwright/test";
import { resetCodeOf } from "../support/mail-sink.ts";
import { loginThroughUi, logoutThroughUi, memberViaTrpc, nextMail, field } from "./support/journey.ts";

test("forgot password: request a code, enter it, choose a new password, log in with it; the old one is refused", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Reset", lastName: "Tester" });
  await page.goto("/");
  await page.getByRole("link", { name: "Forgot Password" }).click();
  // The landing page has an Email field too: fill only once the forgot-password screen is shown.
  await expect(page).toHaveURL(/\/forgotpwd$/);
  await expect(page.getByRole("button", { name: "Reset Password" })).toBeVisible();
  await field(page, "Email").fill(member.email);
  await page.getByRole("button", { name: "Reset Password" }).click();

  await expect(page).toHaveURL(/\/resetpwd\?email=/);
  await expect(page.getByText(member.email)).toBeVisible();
  const code = resetCodeOf((await nextMail(member.email, { subject: "Your Sideline password reset code" })).text);

  // A wrong code first: the spec's message with a link to get a new one.
  await field(page, "Reset Code").fill("ZZZZ2222");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("The code entered is invalid or expired. Try again or,")).toBeVisible();
  await expect(page.getByRole("link", { name: "click here" })).toHaveAttribute("href", /\/forgotpwd/);

  await field(page, "Reset Code").fill(code);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/changepwd\?email=.*&code=/);
  await field(page, "New Password").fill("fresh77");
  await field(page, "Re-enter Password").fill("fresh77");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/resetpwd-confirm$/);
  await expect(page.getByText("Your password was reset successfully.")).toBeVisible();
  await page.getByRole("link", { name: "Log in now" }).click();

  // The old password is refused ...
  await field(page, "Email").fill(member.email);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText(/Sorry, we could not find your account/)).toBeVisible();
  // ... and the new one works.
  await loginThroughUi(page, member.email, "fresh77");
  await logoutThroughUi(page, "Reset Tester");

  // The code was single use.
  await page.goto(`/resetpwd?email=${encodeURIComponent(member.email)}&code=${code}`);
  await expect(field(page, "Reset Code")).toHaveValue(code);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("The code entered is invalid or expired. Try again or,")).toBeVisible();
});
