import type { Page } from "@playwright/test";
import { createAdmin } from "./support/admin.ts";
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

// The moderation screen (issue 17 point 2): a member reports a post; an admin opens /admin/reports,
// removes the post; it is gone from the reporter's home feed and the reporter is told the outcome.
test("a reported post removed from /admin/reports is gone from the reporter's feed, who is told", async ({ signedIn, member }) => {
  test.slow();
  const rae = await member({ firstName: "Rae", lastName: "Reporter" });
  const pat = await member({ firstName: "Pat", lastName: "Spammer" });
  const mod = await member({ firstName: "Mo", lastName: "Derator" });
  expect(createAdmin(mod.email)).toContain("is now an admin");
  await followAs(rae, pat);
  const patApi = await callerFor(pat);
  await patApi.mutation("feed.post", { text: "Training moved to 6 pm" });
  await patApi.mutation("feed.post", { text: "Buy followers now, cheap!" });

  const r = await signedIn(rae);
  const feed = r.getByRole("region", { name: "Recent Posts" });
  const post = feed.getByRole("article").filter({ hasText: "Buy followers now, cheap!" });
  await expect(post).toBeVisible({ timeout: 30_000 });
  await post.getByRole("button", { name: "Report the post by Pat Spammer" }).click();
  const report = dialog(r, "Report");
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByRole("textbox", { name: "Details (optional)" }).fill("Sells fake followers");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByRole("status")).toHaveText("Thank you. A moderator will look at your report.");

  const m = await signedIn(mod);
  await m.goto("/admin/reports");
  await expect(m.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const item = m.getByRole("list", { name: "Open reports" }).getByRole("listitem").filter({ hasText: "Buy followers now, cheap!" });
  await expect(item).toContainText("Sells fake followers");
  await expect(item).toContainText("Rae Reporter");
  await expect(item).toContainText("Pat Spammer");
  await item.getByRole("button", { name: "Remove content" }).click();
  const confirm = dialog(m, "Remove this content?");
  await confirm.getByRole("button", { name: "Remove content" }).click();
  await expect(confirm).toBeHidden();
  await expect(m.getByText("Buy followers now, cheap!")).toHaveCount(0);

  await r.goto("/home");
  // The feed has loaded (Pat's other post shows) without the removed one.
  await expect(feed.getByRole("article").filter({ hasText: "Training moved to 6 pm" })).toBeVisible({ timeout: 30_000 });
  await expect(feed.getByText("Buy followers now, cheap!")).toHaveCount(0);
  await r.goto("/messages/view-notifications");
  await expect(r.getByRole("main").getByText("A moderator reviewed your report and removed the content.").first()).toBeVisible();
});
