import type { Page } from "@playwright/test";
import { callerFor, expect, followAs, test } from "./support/fixtures.ts";
import { memberViaTrpc } from "./support/journey.ts";

// Likes on posts (issue 15 point 6): the Like button and count on a post card, who liked in a
// modal, unliking, and another member's like arriving live on an open page.

const postWith = (page: Page, text: string) =>
  page.getByRole("region", { name: "Recent Posts" }).getByRole("article").filter({ hasText: text });

test("like a post, see the count, open who liked, a second member's like arrives live, unlike", async ({ signedIn }) => {
  // Three members and two devices: more steps than most journeys.
  test.slow();
  const coach = await memberViaTrpc({ firstName: "Cora", lastName: "Coach" });
  const fan = await memberViaTrpc({ firstName: "Finn", lastName: "Fan" });
  const friend = await memberViaTrpc({ firstName: "Gus", lastName: "Friend" });
  await followAs(fan, coach);
  await followAs(friend, coach);
  const posted = (await (await callerFor(coach)).mutation("feed.post", { text: "Tryouts moved to Saturday 9 am." })) as { postId: number };

  const page = await signedIn(fan);
  const post = postWith(page, "Tryouts moved to Saturday 9 am.");
  // The first render of the home screen can take long on a loaded machine: a longer wait, no timing asserted.
  await expect(post).toBeVisible({ timeout: 30_000 });
  const like = post.getByRole("button", { name: "Like Cora Coach's post" });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(post.getByRole("button", { name: /likes?$/ })).toHaveCount(0);

  // Liking: pressed at once, and the count shows.
  await like.click();
  const unlike = post.getByRole("button", { name: "Unlike Cora Coach's post" });
  await expect(unlike).toHaveAttribute("aria-pressed", "true");
  await expect(post.getByRole("button", { name: "1 like" })).toBeVisible();

  // Who liked: a modal listing the fan, a link to the profile.
  await post.getByRole("button", { name: "1 like" }).click();
  const modal = page.getByRole("dialog", { name: "Who liked Cora Coach's post" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("list", { name: "Liked by" }).getByRole("link", { name: "Finn Fan" })).toHaveAttribute(
    "href",
    `/members/view-profile/show-profile?memberID=${fan.memberId}`,
  );
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  // A second member likes from another device: the open page shows the new count without a reload
  // (two: the server kept the fan's like too).
  await (await callerFor(friend)).mutation("feed.like", { postId: posted.postId });
  await expect(post.getByRole("button", { name: "2 likes" })).toBeVisible();
  await expect(unlike).toHaveAttribute("aria-pressed", "true");

  // Unliking: not pressed, the count back to the friend's like alone.
  await unlike.click();
  await expect(post.getByRole("button", { name: "Like Cora Coach's post" })).toHaveAttribute("aria-pressed", "false");
  await expect(post.getByRole("button", { name: "1 like" })).toBeVisible();
  await post.getByRole("button", { name: "1 like" }).click();
  await expect(modal.getByRole("link", { name: "Gus Friend" })).toBeVisible();
  await expect(modal.getByRole("link", { name: "Finn Fan" })).toHaveCount(0);
});
