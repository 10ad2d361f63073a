import { expect, test } from "@playwright/test";
import { registrationCodeOf } from "../support/mail-sink.ts";
import { uniqueEmail } from "../support/server.ts";
import { field, fillRegistration, loginThroughUi, logoutThroughUi, memberViaTrpc, nextMail } from "./support/journey.ts";

test("a newcomer registers, confirms by e-mail, reaches home, logs out and logs in again", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/");
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/register$/);

  const create = page.getByRole("button", { name: "Create Account" });
  await fillRegistration(page, { email }, { acceptTerms: false });
  await expect(create).toBeDisabled(); // terms not accepted yet

  await page.getByRole("button", { name: "Terms of Use" }).click();
  await expect(page.getByRole("dialog", { name: "Terms of Use" })).toContainText("Copyright");
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await page.getByRole("checkbox", { name: /I have read and accept/ }).check();
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/confirm-register\?email=/);
  await expect(page.getByText(email)).toBeVisible();

  const mail = await nextMail(email, { subject: "Confirm your Sideline account" });
  expect(mail.html).toContain("complete-register");
  const { link } = registrationCodeOf(mail.text);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  const complete = page.getByRole("button", { name: "Complete Registration" });
  await expect(complete).toBeDisabled();
  await page.getByRole("checkbox", { name: /I have read and accept/ }).check();
  await complete.click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: /Welcome to Sideline, Maya/ })).toBeVisible();
  await expect(page.getByText("A sport social networking site for athletes, agents, and fanatics to connect.")).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Sideline`)).toBeVisible();

  await logoutThroughUi(page, "Maya Okafor");
  await page.goto("/home");
  await expect(page).toHaveURL(/\/\?return=%2Fhome$/);
  await loginThroughUi(page, email, "goal5");

  // The confirmation link works once.
  await logoutThroughUi(page, "Maya Okafor");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText("New User Not Found Error")).toBeVisible();
  // The error takes the form's place: no thanks for confirming, nothing left to submit.
  await expect(page.getByText(/Thank you for confirming/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Complete Registration" })).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
});

test("registering an address that already has an account shows the existing-email error", async ({ page }) => {
  const member = await memberViaTrpc();
  await page.goto("/register");
  await fillRegistration(page, {
    firstName: "Sam",
    lastName: "Twin",
    email: member.email,
    password: "other5",
    gender: "Male",
    month: "January",
    day: "2",
    year: "1990",
    profileType: "Coach",
  });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByText(
      "The email you entered already exists on the product. You may have already created an account. Try to recover the password or use a different email!",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("a signed-in member is sent from the auth screens to home, and a visitor from home to login", async ({ page }) => {
  await page.goto("/home");
  await expect(page).toHaveURL(/\/\?return=%2Fhome$/);
  const member = await memberViaTrpc({ firstName: "Guard" });
  await field(page, "Email").fill(member.email);
  await field(page, "Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/home$/);
  for (const path of ["/", "/register", "/forgotpwd", "/reactivate"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
  }
});
