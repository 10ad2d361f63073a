import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { field, loginThroughUi, logoutThroughUi, memberViaTrpc } from "./support/journey.ts";

// Minors and contact details (decision 037): a minor's privacy screen shows their defaults (sections
// Only Contacts, details Private, the search opt-in off); an adult stranger neither finds them nor
// opens their profile by its id (decision 040); a contact detail an adult fills in stays hidden from others
// until its level is changed.

const navSearch = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("combobox", { name: "Search members" });
const combobox = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });

test("a minor's defaults, an adult stranger who cannot find or open them, a contact detail hidden by default", async ({ page }) => {
  const year = new Date().getUTCFullYear();
  const minor = await memberViaTrpc({ firstName: "Mina", lastName: "Youngblood", month: "1", day: "1", year: String(year - 16) });
  const adult = await memberViaTrpc({ firstName: "Adam", lastName: "Grownup" });

  // The adult fills in a cell phone: the Contact Info. tab says where its level is set, and it starts Private.
  await loginThroughUi(page, adult.email, adult.password);
  await page.goto("/members/edit-profile?tab=contact");
  await expect(page.getByText("Who sees your e-mail, phones and address is set for each of them in Privacy Settings")).toBeVisible();
  await field(page, "Cell Phone").fill("555-0142");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved sucessfully.")).toBeVisible();
  await page.getByRole("link", { name: "Choose who sees your contact details" }).click();
  await expect(page).toHaveURL(/\/settings\/privacy-setting\?tab=profile/);
  await expect(combobox(page, "Mobile Phone")).toHaveValue("Private");
  await expect(combobox(page, "Address")).toHaveValue("Private");

  // The adult stranger does not find the minor, and her profile, opened by its id, answers as a
  // member who does not exist (decision 040, second pass): no name, no buttons.
  await navSearch(page).fill("Youngblood");
  await expect(page.getByText("There are no contacts found to display.")).toBeVisible();
  await expect(page.getByRole("option", { name: /Mina Youngblood/ })).toHaveCount(0);
  await page.goto(`/members/show-profile?memberID=${minor.memberId}`);
  await expect(page.getByText("There is no such member.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mina Youngblood" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Send a Message" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("button", { name: "Follow this Member" })).toHaveCount(0);
  await logoutThroughUi(page, "Adam Grownup");

  // The minor's privacy screen: sections Only Contacts, details Private, the opt-in offered and off.
  await loginThroughUi(page, minor.email, minor.password);
  await page.goto("/settings/privacy-setting?tab=profile");
  for (const section of ["Basic Info.", "Contact Info.", "Education", "Photos"]) {
    await expect(combobox(page, section)).toHaveValue("Only Contacts");
  }
  for (const detail of ["Mobile Phone", "Home Phone", "E-mail Address", "Address"])
    await expect(combobox(page, detail)).toHaveValue("Private");
  await page.getByRole("tab", { name: "Search", exact: true }).click();
  await expect(
    page.getByRole("switch", { name: "Adults who are not my contacts may find me in search, suggestions and members' lists" }),
  ).not.toBeChecked();

  // The adult's cell phone is hidden from the minor (and everyone): its level is Private.
  await page.goto(`/members/show-profile?memberID=${adult.memberId}`);
  // A minor may follow an adult (the button the stranger did not get on the minor's profile).
  await expect(page.getByRole("main").getByRole("button", { name: "Follow this Member" })).toBeVisible();
  await page.getByRole("tab", { name: "Contact Info.", exact: true }).click();
  await expect(page.getByRole("tabpanel")).toBeVisible();
  await expect(page.getByText("555-0142")).toHaveCount(0);
});
