import { expect, type Page, test } from "@playwright/test";
import { field } from "./support/journey.ts";

/** Focuses a field and leaves it, as a person tabbing through a form does. */
async function touch(page: Page, label: string) {
  await page.getByRole("textbox", { name: label, exact: true }).focus();
  await page.keyboard.press("Tab");
}

test("login shows its messages once a field is touched, and the button waits for valid input", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "Log in" });
  await expect(page.getByText("Valid email is required.")).toHaveCount(0);
  await expect(button).toBeDisabled();
  await touch(page, "Email");
  await expect(page.getByText("Valid email is required.")).toBeVisible();
  await field(page, "Email").fill("not-an-email");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Valid email is required.")).toBeVisible();
  await touch(page, "Password");
  await expect(page.getByText("Password is required.")).toBeVisible();
  await field(page, "Email").fill("someone@example.com");
  await field(page, "Password").fill("x");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Valid email is required.")).toHaveCount(0);
  await expect(page.getByText("Password is required.")).toHaveCount(0);
  await expect(button).toBeEnabled();

  // An unknown account: the not-found message.
  await button.click();
  await expect(
    page.getByText(
      "Sorry, we could not find your account. Please double-check your credential. Or if you recently signed up, please check your email to complete the registration.",
    ),
  ).toBeVisible();
});

test("register shows every field message of the spec at the right moment", async ({ page }) => {
  await page.goto("/register");
  for (const [label, message] of [
    ["First Name", "First name is required."],
    ["Last Name", "Last name is required."],
    ["Email", "Valid email is required."],
    ["Password", "Password is required."],
    ["Re-enter Password", "Re-enter Password is required."],
  ] as const) {
    await expect(page.getByText(message)).toHaveCount(0);
    await touch(page, label);
    await expect(page.getByText(message)).toBeVisible();
  }
  await field(page, "Password").fill("abc");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Password must at least be 5 characters.")).toBeVisible();
  await field(page, "Password").fill("abcde");
  await field(page, "Re-enter Password").fill("abcdX");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Re-enter password must match password.")).toBeVisible();
  await field(page, "Re-enter Password").fill("abcde");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Re-enter password must match password.")).toHaveCount(0);

  await page.getByRole("combobox", { name: "Gender" }).click();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Gender is required.")).toBeVisible();

  // Birth date: the month alone is not enough; a date under 15 years ago is refused.
  await page.getByRole("combobox", { name: "Month" }).click();
  await page.getByRole("option", { name: "March", exact: true }).click();
  await page.getByRole("combobox", { name: "Year" }).click();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Month, day, and year is required.")).toBeVisible();
  await page.getByRole("combobox", { name: "Day" }).click();
  await page.getByRole("option", { name: "3", exact: true }).click();
  const recentYear = String(new Date().getFullYear() - 5);
  await page.getByRole("combobox", { name: "Year" }).fill(recentYear);
  await page.getByRole("option", { name: recentYear, exact: true }).click();
  await expect(page.getByText("You must be at least 15 years old to join.")).toBeVisible();
  await page.getByRole("combobox", { name: "Year" }).fill("1999");
  await page.getByRole("option", { name: "1999", exact: true }).click();
  await expect(page.getByText("You must be at least 15 years old to join.")).toHaveCount(0);

  await page.getByRole("combobox", { name: "Profile Type" }).click();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Profile type is required.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
});

test("forgot password, reset code, change password and reactivate show their messages", async ({ page }) => {
  await page.goto("/forgotpwd");
  await touch(page, "Email");
  await expect(page.getByText("Valid email is required.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reset Password" })).toBeDisabled();

  await page.goto("/resetpwd?email=someone%40example.com");
  await expect(page.getByText("Reset code is required.")).toHaveCount(0);
  await touch(page, "Reset Code");
  await expect(page.getByText("Reset code is required.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reset Password" })).toBeDisabled();

  await page.goto("/changepwd?email=someone%40example.com&code=ABCDEFGH");
  await field(page, "New Password").fill("abc");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Password must at least be 5 characters.")).toBeVisible();
  await touch(page, "Re-enter Password");
  await expect(page.getByText("Re-enter Password is required.")).toBeVisible();
  await field(page, "New Password").fill("abcdef");
  await field(page, "Re-enter Password").fill("abcdeg");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Re-enter password must match password.")).toBeVisible();
  // A code that does not fit: the spec's failure message.
  await field(page, "Re-enter Password").fill("abcdef");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("An unexpected error occured. Please try again.")).toBeVisible();

  await page.goto("/reactivate");
  await touch(page, "Email");
  await expect(page.getByText("Valid email is required.")).toBeVisible();
  await touch(page, "Password");
  await expect(page.getByText("Password is required.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reactivate" })).toBeDisabled();
});
