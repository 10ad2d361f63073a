import type { Locator, Page } from "@playwright/test";
import { expect, messageAs, test } from "./support/fixtures.ts";
import { field } from "./support/journey.ts";

// The messenger (spec section 2 "Messenger", section 4 "Message state" and "Unread text", section 5
// "Messages", section 9: the list scrolls inside 400 px): two members, contacts of each other, in two
// browsers. What one sends arrives at the other's open messenger without a reload (live updates).

/** A live update may take a moment. */
const LIVE = { timeout: 10_000 };

/** Marks the document, so a test can tell that a change came live and not by reloading the page. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __notReloaded?: boolean }).__notReloaded = true));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
}

const main = (page: Page) => page.getByRole("main");
const messageList = (page: Page) => main(page).getByRole("list", { name: "Messages", exact: true });
/** The row of the message list holding this subject. */
const row = (page: Page, subject: string) => messageList(page).getByRole("listitem").filter({ hasText: subject });
/** The subject text of a row: bold while the message is unread. */
const subjectOf = (r: Locator, subject: string) =>
  r.getByRole("button", { name: subject, exact: true }).getByText(subject, { exact: true });
const unreadText = (page: Page, text: string) => main(page).getByRole("status").filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });

async function openMessenger(page: Page) {
  await page.goto("/messages/view-messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
}

/** Compose New Message: types part of the name, picks the contact from the suggestions, subject, text, Send. */
async function compose(page: Page, to: { typed: string; name: string }, subject: string, text: string) {
  await button(main(page), "Compose").click();
  const modal = dialog(page, "Compose New Message");
  await modal.getByRole("combobox", { name: "To" }).pressSequentially(to.typed);
  await page.getByRole("option", { name: new RegExp(to.name) }).click();
  await expect(modal.getByRole("combobox", { name: "To" })).toHaveValue(to.name);
  await field(page, "Subject").fill(subject);
  await field(page, "Message").fill(text);
  await button(modal, "Send").click();
  await expect(modal).toBeHidden();
  await expect(main(page).getByRole("status").filter({ hasText: "Your message was sent." })).toBeVisible();
}

test("a message to a contact arrives live, is read, marked unread, answered and deleted; the sender keeps it in Sent", async ({
  signedIn,
  contacts,
  member,
}) => {
  const ann = await member({ firstName: "Annika", lastName: "Sender" });
  const ben = await member({ firstName: "Benedikt", lastName: "Receiver" });
  await contacts(ann, ben);
  const a = await signedIn(ann);
  const b = await signedIn(ben);

  // Ben has the messenger open, with nothing in it yet.
  await openMessenger(b);
  await expect(main(b).getByText("There are no messages to display.")).toBeVisible();
  await expect(unreadText(b, "You have 0 un-read message!")).toBeVisible();
  await markPage(b);

  // Annika writes to Ben, picking him from her contacts.
  await openMessenger(a);
  await compose(
    a,
    { typed: "Benedi", name: "Benedikt Receiver" },
    "Training on Saturday",
    "Are you coming to training?\nBring your boots.",
  );

  // It appears on Ben's open page without a reload, bold, and the unread text counts it.
  const received = row(b, "Training on Saturday");
  await expect(received).toBeVisible(LIVE);
  await expectNotReloaded(b);
  await expect(received).toContainText("Annika Sender");
  await expect(received).toContainText("Are you coming to training? Bring your boots.");
  await expect(subjectOf(received, "Training on Saturday")).toHaveCSS("font-weight", "700");
  await expect(received.getByRole("img", { name: "Unread", exact: true })).toBeVisible();
  await expect(unreadText(b, "You have 1 un-read messages!")).toBeVisible();
  await expect(received.getByRole("link", { name: "Annika Sender" })).toHaveAttribute(
    "href",
    `/members/view-profile/show-profile?memberID=${ann.memberId}`,
  );

  // Ben opens it: the whole text, and it is read now.
  await subjectOf(received, "Training on Saturday").click();
  const opened = dialog(b, "Training on Saturday");
  await expect(opened).toContainText("Annika Sender");
  await expect(opened.getByText("Are you coming to training?")).toBeVisible();
  await b.keyboard.press("Escape");
  await expect(opened).toBeHidden();
  await expect(subjectOf(received, "Training on Saturday")).toHaveCSS("font-weight", "400");
  await expect(received.getByRole("img", { name: "Read", exact: true })).toBeVisible();
  await expect(unreadText(b, "You have 0 un-read message!")).toBeVisible();

  // Marked unread again, it is bold again.
  await received.getByRole("checkbox", { name: "Select message from Annika Sender" }).check();
  await button(main(b), "Mark unread").click();
  await expect(subjectOf(received, "Training on Saturday")).toHaveCSS("font-weight", "700");
  await expect(unreadText(b, "You have 1 un-read messages!")).toBeVisible();

  // Ben answers from the open message.
  await subjectOf(received, "Training on Saturday").click();
  await expect(opened).toBeVisible();
  await field(b, "Your reply").fill("Yes, see you at 9.");
  await button(opened, "Send").click();
  await expect(opened.getByText("Your message was sent.")).toBeVisible();
  await expect(field(b, "Your reply")).toHaveValue("");
  // The reply shows in the open conversation at once, under the message it answers.
  const replies = opened.getByRole("list", { name: "Your replies" });
  await expect(replies.getByRole("listitem")).toHaveCount(1);
  await expect(replies).toContainText("You");
  await expect(replies).toContainText("Yes, see you at 9.");
  await b.keyboard.press("Escape");

  // Annika, on her messenger, gets the answer live.
  const answer = row(a, "Re: Training on Saturday");
  await expect(answer).toBeVisible(LIVE);
  await expect(answer).toContainText("Benedikt Receiver");
  await expect(answer).toContainText("Yes, see you at 9.");

  // Ben deletes the message (after confirming); Annika still has her copy in Sent.
  await received.getByRole("button", { name: "Delete message" }).click();
  const confirm = dialog(b, "Delete messages");
  await expect(confirm).toContainText("Delete 1 selected message(s)? The other member keeps their copy.");
  await button(confirm, "Delete").click();
  await expect(received).toHaveCount(0);
  await expect(main(b).getByText("There are no messages to display.")).toBeVisible();

  await button(main(a), "Sent").click();
  await expect(button(main(a), "Sent")).toHaveAttribute("aria-pressed", "true");
  const sentCopy = row(a, "Training on Saturday");
  await expect(sentCopy).toBeVisible();
  await expect(sentCopy.getByRole("link", { name: "Benedikt Receiver" })).toBeVisible();
  await expect(row(a, "Re: Training on Saturday")).toHaveCount(0);
});

test("Compose checks the recipient: a stranger cannot be chosen, a typed name is not a recipient, empty fields are required", async ({
  signedIn,
  contacts,
  member,
}) => {
  const cleo = await member({ firstName: "Cleo", lastName: "Checker" });
  const dana = await member({ firstName: "Dana", lastName: "Contact" });
  await member({ firstName: "Stella", lastName: "Stranger" });
  await contacts(cleo, dana);
  const c = await signedIn(cleo);
  await openMessenger(c);

  await button(main(c), "Compose").click();
  const modal = dialog(c, "Compose New Message");
  await button(modal, "Send").click();
  await expect(modal.getByText("Required.", { exact: true })).toBeVisible();
  await expect(modal.getByText("Message subject is required.")).toBeVisible();
  await expect(modal.getByText("Message text is required.")).toBeVisible();

  // A member who is not a contact is not suggested; the typed name alone is not a recipient.
  const to = modal.getByRole("combobox", { name: "To" });
  await to.pressSequentially("Stella Str");
  await expect(c.getByText("No contact with that name can receive messages.")).toBeVisible();
  await expect(c.getByRole("option")).toHaveCount(0);
  await field(c, "Subject").fill("Hello");
  await field(c, "Message").fill("Can we talk?");
  await button(modal, "Send").click();
  await expect(modal.getByText("Selected contact to send message is not valid!")).toBeVisible();
  await expect(modal).toBeVisible();

  // A contact typed in full but not picked is not valid either; picked, it is.
  await to.fill("");
  await to.pressSequentially("Dana Contact");
  await expect(c.getByRole("option", { name: /Dana Contact/ })).toBeVisible();
  await button(modal, "Send").click();
  await expect(modal.getByText("Selected contact to send message is not valid!")).toBeVisible();
  await to.click();
  await c.getByRole("option", { name: /Dana Contact/ }).click();
  await expect(modal.getByText("Selected contact to send message is not valid!")).toBeHidden();
  await button(modal, "Send").click();
  await expect(modal).toBeHidden();
  await expect(main(c).getByText("Your message was sent.")).toBeVisible();
});

test("Send a Message on a contact's profile; search, Show All / Unread, Select All / None, Mark read and unread", async ({
  signedIn,
  contacts,
  member,
}) => {
  const eve = await member({ firstName: "Evelyn", lastName: "Writer" });
  const finn = await member({ firstName: "Finnegan", lastName: "Reader" });
  const gus = await member({ firstName: "Gus", lastName: "Nocontact" });
  await contacts(eve, finn);
  const e = await signedIn(eve);

  // No "Send a Message" for a member who is not a contact.
  await e.goto(`/members/view-profile/show-profile?memberID=${gus.memberId}`);
  await expect(main(e).getByRole("heading", { name: "Gus Nocontact" })).toBeVisible();
  await expect(main(e).getByRole("button", { name: "Follow this Member" })).toBeVisible();
  await expect(e.getByRole("link", { name: "Send a Message" })).toHaveCount(0);

  // From Finnegan's profile, Compose opens with him chosen.
  await e.goto(`/members/view-profile/show-profile?memberID=${finn.memberId}`);
  await e.getByRole("link", { name: "Send a Message" }).click();
  await expect(e).toHaveURL(/\/messages\/view-messages$/);
  const modal = dialog(e, "Compose New Message");
  await expect(modal.getByRole("combobox", { name: "To" })).toHaveValue("Finnegan Reader");
  await field(e, "Subject").fill("Match report");
  await field(e, "Message").fill("We won 3-1 on Sunday.");
  await button(modal, "Send").click();
  await expect(modal).toBeHidden();
  await expect(main(e).getByText("Your message was sent.")).toBeVisible();
  await messageAs(eve, finn, "Gym schedule", "The gym opens at 6 from Monday.");
  await messageAs(eve, finn, "Match tickets", "Two tickets for the final are yours.");

  const f = await signedIn(finn);
  await openMessenger(f);
  await expect(messageList(f).getByRole("listitem")).toHaveCount(3);
  await expect(unreadText(f, "You have 3 un-read messages!")).toBeVisible();

  // Search: subject, text or name.
  await field(f, "Search messages").fill("match");
  await expect(messageList(f).getByRole("listitem")).toHaveCount(2);
  await expect(row(f, "Gym schedule")).toHaveCount(0);
  await field(f, "Search messages").fill("opens at 6");
  await expect(messageList(f).getByRole("listitem")).toHaveCount(1);
  await expect(row(f, "Gym schedule")).toBeVisible();
  await field(f, "Search messages").fill("nothing like this");
  await expect(main(f).getByText("There are no messages to display.")).toBeVisible();
  await field(f, "Search messages").fill("");
  await expect(messageList(f).getByRole("listitem")).toHaveCount(3);

  // Nothing selected: the toolbar's actions wait.
  await expect(button(main(f), "Mark read")).toBeDisabled();
  await expect(button(main(f), "Delete")).toBeDisabled();

  // Select All, Mark read: nothing bold, nothing unread.
  await button(main(f), "Select All").click();
  await expect(messageList(f).getByRole("checkbox", { checked: true })).toHaveCount(3);
  await button(main(f), "Mark read").click();
  await expect(unreadText(f, "You have 0 un-read message!")).toBeVisible();
  for (const subject of ["Match report", "Gym schedule", "Match tickets"]) {
    await expect(subjectOf(row(f, subject), subject)).toHaveCSS("font-weight", "400");
  }
  await button(main(f), "None").click();
  await expect(messageList(f).getByRole("checkbox", { checked: true })).toHaveCount(0);

  // One marked unread: Unread shows only that one, Show All all three.
  await row(f, "Gym schedule").getByRole("checkbox").check();
  await button(main(f), "Mark unread").click();
  await expect(unreadText(f, "You have 1 un-read messages!")).toBeVisible();
  await button(main(f), "Unread").click();
  await expect(messageList(f).getByRole("listitem")).toHaveCount(1);
  await expect(row(f, "Gym schedule")).toBeVisible();
  await button(main(f), "Show All").click();
  await expect(messageList(f).getByRole("listitem")).toHaveCount(3);
});

test("a long list scrolls inside 400 px and loads more messages at its end", async ({ signedIn, contacts, member }) => {
  const kim = await member({ firstName: "Kim", lastName: "Busy" });
  const lou = await member({ firstName: "Lou", lastName: "Chatty" });
  await contacts(kim, lou);
  for (let i = 1; i <= 32; i++) await messageAs(lou, kim, `Note ${String(i).padStart(2, "0")}`, `Message number ${i}.`);
  const k = await signedIn(kim);
  await openMessenger(k);
  const rows = messageList(k).getByRole("listitem");
  await expect(rows).toHaveCount(30);
  await expect(rows.first()).toContainText("Note 32");
  const box = await messageList(k).evaluate(
    (list) => list.closest("[data-radix-scroll-area-viewport], .mantine-ScrollArea-viewport")!.getBoundingClientRect().height,
  );
  expect(box).toBeLessThanOrEqual(400);
  await button(main(k), "Load more messages").click();
  await expect(rows).toHaveCount(32);
  await expect(rows.last()).toContainText("Note 01");
  await expect(button(main(k), "Load more messages")).toHaveCount(0);
});

test("the assistant in Compose: without configuration it is not offered at all", async ({ signedIn, member }) => {
  const hal = await member({ firstName: "Hal", lastName: "Helper" });
  const h = await signedIn(hal);
  await openMessenger(h);
  await button(main(h), "Compose").click();
  const modal = dialog(h, "Compose New Message");
  await expect(field(h, "Message")).toBeVisible();
  // This server runs without ASSISTANT_BASE_URL: a button that could only fail is not shown.
  await expect(button(modal, "Ask the assistant")).toHaveCount(0);
  await expect(button(modal, "Polish my text")).toHaveCount(0);
});

test("on a phone (375 x 740) the messenger, an open message and Compose fit the screen", async ({ signedIn, contacts, member }) => {
  const ida = await member({ firstName: "Ida", lastName: "Phone" });
  const jon = await member({ firstName: "Jon", lastName: "Pocket" });
  await contacts(ida, jon);
  await messageAs(
    jon,
    ida,
    "A rather long subject line about next season's training camp",
    "Camp starts in July; bring your own gear and a water bottle.",
  );
  const p = await signedIn(ida, { context: { viewport: { width: 375, height: 740 } } });
  await openMessenger(p);
  const noSideScroll = () => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const first = row(p, "A rather long subject line");
  await expect(first).toBeVisible();
  expect(await noSideScroll()).toBe(true);
  for (const name of ["Compose", "Mark read", "Mark unread", "Delete", "Select All", "None", "Show All", "Unread", "Sent"]) {
    await expect(button(main(p), name)).toBeInViewport();
  }
  await expect(first.getByRole("button", { name: "Delete message" })).toBeInViewport();

  await first.getByRole("button", { name: /A rather long subject line/ }).click();
  const opened = dialog(p, "A rather long subject line about next season's training camp");
  await expect(opened.getByText("Camp starts in July")).toBeInViewport();
  await field(p, "Your reply").fill("I will be there.");
  await button(opened, "Send").click();
  await expect(opened.getByText("Your message was sent.")).toBeVisible();
  await p.keyboard.press("Escape");

  await compose(p, { typed: "Jon", name: "Jon Pocket" }, "Boots", "Which size do you wear?");
  expect(await noSideScroll()).toBe(true);
});
