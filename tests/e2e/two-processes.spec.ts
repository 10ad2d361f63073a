import type { Locator, Page } from "@playwright/test";
import { isPostgresUrl } from "../support/pg.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { callerFor, expect, test } from "./support/fixtures.ts";
import { field } from "./support/journey.ts";

// Two server processes on one PostgreSQL database (issue 14 point 3; run with E2E_ENGINE=postgres
// only, playwright.config.ts): the journeys' server and a second one started here on the same
// database. Annika's browser talks to the first, Benedikt's to the second; her message and his like
// reach the other's open page live, without a reload, through PostgreSQL's LISTEN/NOTIFY.

const LIVE = { timeout: 10_000 };

let second: RunningServer;

test.beforeAll(async () => {
  // The first server's database, as global-setup hands it over.
  const database = process.env.E2E_DB_URL ?? "";
  if (!isPostgresUrl(database)) throw new Error(`two-processes.spec.ts needs E2E_ENGINE=postgres (the journeys' database is ${database})`);
  second = await startServer({ databaseUrl: database, startTimeoutMs: 40_000 });
});
test.afterAll(() => second?.stop());

async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __notReloaded?: boolean }).__notReloaded = true));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
}

const main = (page: Page) => page.getByRole("main");
const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });
const postWith = (page: Page, text: string) =>
  page.getByRole("region", { name: "Recent Posts" }).getByRole("article").filter({ hasText: text });

test("a message sent through one server process and a like made through the other arrive live in the browsers", async ({
  signedIn,
  contacts,
  member,
}) => {
  test.slow();
  expect(second.databaseUrl).toBe(process.env.E2E_DB_URL);
  const ann = await member({ firstName: "Annika", lastName: "Firstprocess" });
  const ben = await member({ firstName: "Benedikt", lastName: "Secondprocess" });
  await contacts(ann, ben);
  await (await callerFor(ann)).mutation("feed.post", { text: "Relay practice across two servers." });

  const a = await signedIn(ann);
  const b = await signedIn(ben, { context: { baseURL: second.baseUrl } });
  expect(new URL(b.url()).port).toBe(new URL(second.baseUrl).port);

  // Benedikt, on the second process, has his messenger open.
  await b.goto("/messages/view-messages");
  await expect(b.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(main(b).getByText("There are no messages to display.")).toBeVisible();
  await markPage(b);

  // Annika, on the first process, writes to him.
  await a.goto("/messages/view-messages");
  await button(main(a), "Compose").click();
  const modal = a.getByRole("dialog", { name: "Compose New Message" });
  await modal.getByRole("combobox", { name: "To" }).pressSequentially("Benedi");
  await a.getByRole("option", { name: /Benedikt Secondprocess/ }).click();
  await field(a, "Subject").fill("Relay order");
  await field(a, "Message").fill("You run the last leg.");
  await button(modal, "Send").click();
  await expect(main(a).getByRole("status").filter({ hasText: "Your message was sent." })).toBeVisible();

  const received = main(b).getByRole("list", { name: "Messages", exact: true }).getByRole("listitem").filter({ hasText: "Relay order" });
  await expect(received).toBeVisible(LIVE);
  await expect(received).toContainText("Annika Firstprocess");
  await expectNotReloaded(b);

  // Annika has her home page open on the first process; Benedikt likes her post on the second.
  await a.goto("/");
  const hers = postWith(a, "Relay practice across two servers.");
  await expect(hers).toBeVisible({ timeout: 30_000 });
  await markPage(a);
  await b.goto("/");
  const his = postWith(b, "Relay practice across two servers.");
  await expect(his).toBeVisible({ timeout: 30_000 });
  await his.getByRole("button", { name: "Like Annika Firstprocess's post" }).click();
  await expect(his.getByRole("button", { name: "1 like" })).toBeVisible();

  await expect(hers.getByRole("button", { name: "1 like" })).toBeVisible(LIVE);
  await expectNotReloaded(a);
});
