import { expect, test } from "@playwright/test";

test("the error page says what went wrong for each errType and links home", async ({ page }) => {
  await page.goto("/errors?errType=http");
  await expect(page.getByRole("heading", { name: "Oops! Something went wrong" })).toBeVisible();
  await expect(page.getByText("Please check your internet connection or WIFI settings and then try again.")).toBeVisible();
  await page.goto("/errors?errType=BadToken");
  await expect(page.getByText("It looks like your session may have timed out.")).toBeVisible();
  await page.getByRole("button", { name: "Log in again" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/errors?errType=general");
  await expect(
    page.getByText("We are going to fix it up and and have things back to normal soon. Please try again a bit later."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  // Not signed in: home sends the visitor to login.
  await expect(page).toHaveURL(/\/\?return=%2Fhome$/);
});

test("the login page opens the app preview and the about modal", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: /App Store/ }).click();
  const preview = page.getByRole("dialog", { name: "Sideline on your phone" });
  await expect(preview).toContainText("Coming soon");
  await preview.getByRole("button", { name: "Close" }).click();
  await expect(preview).toBeHidden();
  await page.getByRole("button", { name: "About", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "About Sideline" })).toBeVisible();
});

test("the layout works at phone width and in the dark theme", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await page.getByRole("button", { name: "Switch light or dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", /dark|light/);
  const scheme = await page.locator("html").getAttribute("data-mantine-color-scheme");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme!);
});
