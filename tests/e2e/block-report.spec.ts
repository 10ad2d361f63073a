import type { Page } from "@playwright/test";
import { callerFor, expect, followAs, messageAs, test } from "./support/fixtures.ts";

// Blocking and reporting (issue 17 point 3, decision 035): A blocks B from B's profile (a menu, a
// confirmation) and finds B in Settings → Blocked members; B can no longer open A's profile nor
// message A. A reports a post of C (a reason from the list) and sees the confirmation.

const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

test("A blocks B: B cannot open A's profile nor message A; A reports C's post", async ({ signedIn, member, contacts }) => {
  test.slow();
  const ada = await member({ firstName: "Ada", lastName: "Blocker" });
  const bea = await member({ firstName: "Bea", lastName: "Blocked" });
  const cai = await member({ firstName: "Cai", lastName: "Poster" });
  await contacts(ada, bea);
  await messageAs(bea, ada, "Before", "sent before the block");
  await followAs(ada, cai);
  await (await callerFor(cai)).mutation("feed.post", { text: "Cheap boots, click here!" });

  const a = await signedIn(ada);
  await a.goto(`/members/view-profile/show-profile?memberID=${bea.memberId}`);
  await expect(a.getByRole("heading", { name: "Bea Blocked" })).toBeVisible();
  await a.getByRole("button", { name: "More actions" }).click();
  await a.getByRole("menuitem", { name: "Block" }).click();
  const confirm = dialog(a, "Block Bea Blocked?");
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  await expect(a.getByRole("tab", { name: "Blocked members", selected: true })).toBeVisible();
  await expect(a.getByRole("listitem").filter({ hasText: "Bea Blocked" })).toBeVisible();

  const b = await signedIn(bea);
  await b.goto(`/members/view-profile/show-profile?memberID=${ada.memberId}`);
  await expect(b.getByText("There is no such member.")).toBeVisible();
  await expect(messageAs(bea, ada, "After", "blocked")).rejects.toThrow();

  await a.goto("/home");
  const post = a.getByRole("region", { name: "Recent Posts" }).getByRole("article").filter({ hasText: "Cheap boots, click here!" });
  await expect(post).toBeVisible({ timeout: 30_000 });
  await post.getByRole("button", { name: "Report the post by Cai Poster" }).click();
  const report = dialog(a, "Report");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByText("Choose a reason.")).toBeVisible();
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByRole("status")).toHaveText("Thank you. A moderator will look at your report.");
});
