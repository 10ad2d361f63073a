import type { Page } from "@playwright/test";
import { callerFor, expect, test } from "./support/fixtures.ts";
import { loginThroughUi, memberViaTrpc, type JourneyMember } from "./support/journey.ts";

// Home (spec sections 2, 3, 5, 9): Recent News, Recent Posts (posting, replying, refreshing,
// paging), the New Post / Reply to Post modals and the right column's Site Guide.

const recentPosts = (page: Page) => page.getByRole("region", { name: "Recent Posts" });
const posts = (page: Page) => recentPosts(page).getByRole("article");
const postWith = (page: Page, text: string) => posts(page).filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/**
 * After paging, the reader is at the top of the page of posts asked for: the section's heading and
 * its first post in view, below the fixed 60 px navbar (not where the previous page left them).
 */
async function expectAtTopOfPosts(page: Page) {
  await expect(recentPosts(page).getByRole("heading", { name: "Recent Posts" })).toBeInViewport();
  const top = await recentPosts(page).evaluate((section) => section.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(60);
  await expect(posts(page).first()).toBeInViewport();
}

/** A post written through tRPC (feed.post), a precondition for the paging journey. */
async function postAs(member: JourneyMember, text: string): Promise<void> {
  await (await callerFor(member)).mutation("feed.post", { text });
}

test("a new post: the modal checks the text (required, 150 characters), Post is busy, the post comes first", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Nina", lastName: "Poster" });
  await loginThroughUi(page, member.email, member.password);

  // Nothing in the feed yet: the empty state points to Find Contacts.
  await expect(recentPosts(page).getByText("No posts yet. Add a post or find contacts to see theirs.")).toBeVisible();
  await expect(recentPosts(page).getByRole("link", { name: "Find Contacts" })).toHaveAttribute("href", "/contacts/find-contacts");

  await recentPosts(page).getByRole("button", { name: "Add New Post" }).click();
  const modal = dialog(page, "New Post");
  await expect(modal).toBeVisible();
  const text = modal.getByRole("textbox", { name: "Your post" });
  await expect(text).toBeFocused();
  const post = modal.getByRole("button", { name: "Post", exact: true });
  await expect(post).toBeDisabled();
  await expect(modal.getByText("0/150 characters")).toBeVisible();

  // 151 characters: the message, the counter over the limit, Post disabled.
  await text.fill("x".repeat(151));
  await expect(modal.getByText("A post can have at most 150 characters.")).toBeVisible();
  await expect(modal.getByText("151/150 characters")).toBeVisible();
  await expect(post).toBeDisabled();
  // 150 is allowed.
  await text.fill("x".repeat(150));
  await expect(modal.getByText("A post can have at most 150 characters.")).toHaveCount(0);
  await expect(post).toBeEnabled();
  // Blank again: required.
  await text.fill("   ");
  await expect(modal.getByText("Please write something to post.")).toBeVisible();
  await expect(post).toBeDisabled();

  await text.fill("First training of the season: 5 km and sprints.");
  await page.route("**/trpc/feed.post*", async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await post.click();
  await expect(modal.getByRole("button", { name: "Posting..." })).toBeDisabled();
  await expect(modal).toBeHidden();
  await page.unroute("**/trpc/feed.post*");

  await expect(posts(page)).toHaveCount(1);
  const first = posts(page).first();
  await expect(first).toContainText("First training of the season: 5 km and sprints.");
  await expect(first.getByRole("link", { name: "Nina Poster" })).toHaveAttribute(
    "href",
    `/members/view-profile/show-profile?memberID=${member.memberId}`,
  );
  await expect(first.locator("time")).toHaveText("just now");
  await expect(first.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

  // A second post goes on top; Cancel closes without posting, and the modal opens empty.
  await recentPosts(page).getByRole("button", { name: "Add New Post" }).click();
  await modal.getByRole("textbox", { name: "Your post" }).fill("Not this one");
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();
  await recentPosts(page).getByRole("button", { name: "Add New Post" }).click();
  await expect(modal.getByRole("textbox", { name: "Your post" })).toHaveValue("");
  await modal.getByRole("textbox", { name: "Your post" }).fill("Tryout on Saturday, wish me luck");
  await modal.getByRole("button", { name: "Post", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(posts(page)).toHaveCount(2);
  await expect(posts(page).first()).toContainText("Tryout on Saturday, wish me luck");

  // And both stay after a reload, newest first.
  await page.reload();
  await expect(posts(page)).toHaveCount(2);
  await expect(posts(page).first()).toContainText("Tryout on Saturday, wish me luck");
  await expect(posts(page).nth(1)).toContainText("First training of the season");
});

test("a contact's post appears after Refresh; a reply shows nested under it, for both members", async ({ signedIn, contacts }) => {
  const ana = await memberViaTrpc({ firstName: "Ana", lastName: "Reader" });
  const ben = await memberViaTrpc({ firstName: "Ben", lastName: "Writer" });
  await contacts(ana, ben);
  const a = await signedIn(ana);
  const b = await signedIn(ben);

  await expect(recentPosts(a).getByText("No posts yet.", { exact: false })).toBeVisible();

  // Ben posts from his own browser.
  await recentPosts(b).getByRole("button", { name: "Add New Post" }).click();
  await dialog(b, "New Post").getByRole("textbox", { name: "Your post" }).fill("Who is up for a pickup game tonight?");
  await dialog(b, "New Post").getByRole("button", { name: "Post", exact: true }).click();
  await expect(postWith(b, "Who is up for a pickup game tonight?")).toBeVisible();

  // Ana sees it once she refreshes.
  await expect(postWith(a, "pickup game")).toHaveCount(0);
  await recentPosts(a).getByRole("button", { name: "Refresh" }).click();
  const bensPost = postWith(a, "Who is up for a pickup game tonight?");
  await expect(bensPost).toBeVisible();
  await expect(bensPost.getByRole("link", { name: "Ben Writer" })).toHaveAttribute(
    "href",
    `/members/view-profile/show-profile?memberID=${ben.memberId}`,
  );

  // Ana replies: the Reply to Post modal quotes the post; the reply shows nested under it.
  await bensPost.getByRole("button", { name: "Reply to Ben Writer's post" }).click();
  const modal = dialog(a, "Reply to Post");
  await expect(modal).toContainText("Who is up for a pickup game tonight?");
  const reply = modal.getByRole("textbox", { name: "Your reply" });
  await expect(modal.getByRole("button", { name: "Post", exact: true })).toBeDisabled();
  await reply.fill("y".repeat(151));
  await expect(modal.getByText("A post can have at most 150 characters.")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Post", exact: true })).toBeDisabled();
  await reply.fill("Count me in, 7 pm at the park.");
  await modal.getByRole("button", { name: "Post", exact: true }).click();
  await expect(modal).toBeHidden();
  const replies = bensPost.getByRole("list", { name: "Replies to Ben Writer's post" });
  await expect(replies.getByRole("listitem")).toHaveCount(1);
  await expect(replies.getByRole("listitem").first()).toContainText("Count me in, 7 pm at the park.");
  await expect(replies.getByRole("link", { name: "Ana Reader" })).toHaveAttribute(
    "href",
    `/members/view-profile/show-profile?memberID=${ana.memberId}`,
  );
  await expect(replies.locator("time")).toHaveText("just now");

  // Ben sees the reply under his post after a Refresh.
  await recentPosts(b).getByRole("button", { name: "Refresh" }).click();
  await expect(
    postWith(b, "pickup game").getByRole("list", { name: "Replies to Ben Writer's post" }).getByText("Count me in, 7 pm at the park."),
  ).toBeVisible();
});

test("Recent Posts shows 5 posts a page: Older posts and Newer posts page through them", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Paige", lastName: "Turner" });
  for (let i = 1; i <= 7; i++) {
    await postAs(member, `Update number ${i}`);
    await new Promise((r) => setTimeout(r, 5)); // distinct timestamps: the order is the posting order
  }
  await loginThroughUi(page, member.email, member.password);

  const pager = recentPosts(page).getByRole("navigation", { name: "Pages of posts" });
  const newer = pager.getByRole("button", { name: "Newer posts" });
  const older = pager.getByRole("button", { name: "Older posts" });
  await expect(posts(page)).toHaveCount(5);
  for (const [i, n] of [7, 6, 5, 4, 3].entries()) await expect(posts(page).nth(i)).toContainText(`Update number ${n}`);
  await expect(pager.getByText("Page 1")).toBeVisible();
  await expect(newer).toBeDisabled();

  await older.click();
  await expect(pager.getByText("Page 2")).toBeVisible();
  await expect(posts(page)).toHaveCount(2);
  await expect(posts(page).nth(0)).toContainText("Update number 2");
  await expect(posts(page).nth(1)).toContainText("Update number 1");
  await expect(older).toBeDisabled();
  await expectAtTopOfPosts(page);

  await newer.click();
  await expect(pager.getByText("Page 1")).toBeVisible();
  await expect(posts(page)).toHaveCount(5);
  await expect(posts(page).first()).toContainText("Update number 7");
  // Five posts are taller than the screen: the reader is brought up from the pager to the first one.
  await expectAtTopOfPosts(page);

  // A new post from page 2 brings the member back to the top of page 1.
  await older.click();
  await expect(pager.getByText("Page 2")).toBeVisible();
  await recentPosts(page).getByRole("button", { name: "Add New Post" }).click();
  await dialog(page, "New Post").getByRole("textbox", { name: "Your post" }).fill("Update number 8");
  await dialog(page, "New Post").getByRole("button", { name: "Post", exact: true }).click();
  await expect(pager.getByText("Page 1")).toBeVisible();
  await expect(posts(page).first()).toContainText("Update number 8");
  await expect(posts(page)).toHaveCount(5);

  // Exactly two full pages (10 posts): no empty third page to go to.
  await postAs(member, "Update number 9");
  await new Promise((r) => setTimeout(r, 5));
  await postAs(member, "Update number 10");
  await recentPosts(page).getByRole("button", { name: "Refresh" }).click();
  await expect(posts(page).first()).toContainText("Update number 10");
  await older.click();
  await expect(pager.getByText("Page 2")).toBeVisible();
  await expect(posts(page)).toHaveCount(5);
  await expect(posts(page).last()).toContainText("Update number 1");
  await older.click();
  await expect(older).toBeDisabled();
  await expect(pager.getByText("Page 2")).toBeVisible();
  await expect(posts(page)).toHaveCount(5);
});

test("by keyboard: the skip link leads into the screen, Add New Post within 10 Tab presses, the right column after it", async ({
  page,
}) => {
  const member = await memberViaTrpc({ firstName: "Kim", lastName: "Keys" });
  await loginThroughUi(page, member.email, member.password);
  const addNewPost = recentPosts(page).getByRole("button", { name: "Add New Post" });
  await expect(addNewPost).toBeVisible();
  // The right column's suggestions (an empty feed also shows suggested posts under the same title).
  await expect(page.getByRole("complementary", { name: "Right column" }).getByRole("heading", { name: "Suggested for you" })).toBeVisible();

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport(); // shown while focused
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  let presses = 1;
  while (presses < 10 && !(await addNewPost.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press("Tab");
    presses++;
  }
  await expect(addNewPost).toBeFocused();
  // The focus is visible: Mantine's focus ring.
  expect(await addNewPost.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(dialog(page, "New Post")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page, "New Post")).toBeHidden();

  // The right column comes after the screen in reading and tab order, at desktop and phone width.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const guide = page.getByRole("region", { name: "Site Guide" });
    await expect(guide).toBeVisible();
    const [add, column] = [await addNewPost.elementHandle(), await guide.elementHandle()];
    const columnAfter = await page.evaluate(
      ([a, c]) => !!(a!.compareDocumentPosition(c!) & Node.DOCUMENT_POSITION_FOLLOWING),
      [add, column],
    );
    expect(columnAfter, `at ${width} px`).toBe(true);
  }
});

test("Recent News shows the welcome item: default image, header linking to it, text cut to 120 characters", async ({ page }) => {
  const member = await memberViaTrpc({ firstName: "Newt", lastName: "Reader" });
  await loginThroughUi(page, member.email, member.password);
  const news = page.getByRole("region", { name: "Recent News" });
  const welcome = news.getByRole("group").filter({ has: page.getByRole("heading", { name: "Welcome to Sideline", exact: true }) });
  await expect(welcome).toBeVisible();
  const image = welcome.locator("img"); // decorative (alt=""): the header says what it is
  await expect(image).toHaveAttribute("src", "/images/RecentNews/default.png");
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(welcome.locator("time")).toHaveAttribute("datetime", /^\d{4}-/);
  // The seeded text is 150 characters: shortened at a word, with an ellipsis.
  const text = await welcome.getByText(/^Sideline connects athletes/).textContent();
  expect(text!.length).toBeLessThanOrEqual(120);
  expect(text).toMatch(/…$/);
  // The header opens the item (a path on this site: in the app).
  await welcome.getByRole("link", { name: "Welcome to Sideline" }).click();
  await expect(page).toHaveURL(/\/members\/edit-profile$/);
});

test("Site Guide shows the seeded guidance; arrows, dots and arrow keys move it", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" }); // no automatic rotation under this test
  const member = await memberViaTrpc({ firstName: "Gail", lastName: "Guide" });
  await loginThroughUi(page, member.email, member.password);
  const guide = page.getByRole("region", { name: "Site Guide" });
  const slide = (name: string) => guide.getByRole("group").filter({ hasText: name });
  await expect(slide("Complete your profile")).toBeVisible();
  await expect(guide.getByText(/Members with a sport, a current status and a photo/)).toBeVisible();
  await expect(slide("Show your game")).toBeHidden();
  // Reduced motion: nothing turns by itself, so there is no pause button.
  await expect(guide.getByRole("button", { name: /automatic rotation/ })).toHaveCount(0);

  await guide.getByRole("button", { name: "Next: Site Guide" }).click();
  await expect(slide("Show your game")).toBeVisible();
  await expect(slide("Complete your profile")).toBeHidden();
  await guide.getByRole("button", { name: "Previous: Site Guide" }).click();
  await expect(slide("Complete your profile")).toBeVisible();
  // Previous from the first wraps to the last.
  await guide.getByRole("button", { name: "Previous: Site Guide" }).click();
  await expect(slide("Post short updates")).toBeVisible();
  // The dots, and the arrow keys while focus is inside.
  await guide.getByRole("button", { name: "Show item 3 of 6" }).click();
  await expect(slide("Find your people")).toBeVisible();
  await expect(guide.getByRole("button", { name: "Show item 3 of 6" })).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowRight");
  await expect(slide("Contacts and follows")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(slide("Show your game")).toBeVisible();

  // Its link opens the place it talks about.
  await guide.getByRole("link", { name: "Learn more: Show your game" }).click();
  await expect(page).toHaveURL(/\/members\/edit-profile\?adId=2$/);
  await expect(page.getByRole("tab", { name: "Photos", exact: true })).toHaveAttribute("aria-selected", "true");
});

test("the Site Guide turns by itself, but not while the pointer is over it or after Pause", async ({ page }) => {
  await page.clock.install();
  const member = await memberViaTrpc({ firstName: "Otto", lastName: "Turn" });
  await loginThroughUi(page, member.email, member.password);
  await page.mouse.move(0, 0);
  const guide = page.getByRole("region", { name: "Site Guide" });
  const slide = (name: string) => guide.getByRole("group").filter({ hasText: name });
  await expect(slide("Complete your profile")).toBeVisible();
  await page.clock.runFor(10_500);
  await expect(slide("Show your game")).toBeVisible();

  // Hovered: it stays.
  await slide("Show your game").hover();
  await page.clock.runFor(25_000);
  await expect(slide("Show your game")).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(10_500);
  await expect(slide("Find your people")).toBeVisible();

  // Paused by the member: it stays after the pointer leaves too; Start turns it again.
  await guide.getByRole("button", { name: "Pause automatic rotation: Site Guide" }).click();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(25_000);
  await expect(slide("Find your people")).toBeVisible();
  await guide.getByRole("button", { name: "Start automatic rotation: Site Guide" }).click();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(10_500);
  await expect(slide("Contacts and follows")).toBeVisible();
});
