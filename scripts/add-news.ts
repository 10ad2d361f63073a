/**
 * Adds one item to Recent News (until an admin screen exists), in the database of DATA_DIR:
 *
 *   bun scripts/add-news.ts --title "Spring tryouts" --text "Open tryouts on ..." \
 *     [--url https://club.example.org/tryouts | /members/edit-profile] [--image https://... | /images/...] \
 *     [--date 2026-11-20] [--guid tryouts-2026]
 *
 * --title is required; --text is shown shortened to 120 characters on the home screen; --url is
 * where the item links to and --image its picture (http(s) or a path on this site; without one the
 * default picture shows); --date the posting date (default now); --guid a key of your choice that
 * keeps the same item from being added twice when the command runs again.
 * Prints what it did; exits with 1 (nothing written) when a value is not valid.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { newsItemInput } from "../src/domains/news/news.schema.ts";
import { addNews } from "../src/domains/news/news.service.ts";
import { openOperatorContext } from "./lib/operator-context.ts";

const USAGE = `usage: bun scripts/add-news.ts --title TEXT [--text TEXT] [--url URL] [--image URL] [--date YYYY-MM-DD] [--guid KEY]`;

function fail(message: string): never {
  console.error(`add-news: ${message}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      title: { type: "string" },
      text: { type: "string" },
      url: { type: "string" },
      image: { type: "string" },
      date: { type: "string" },
      guid: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const parsed = newsItemInput.safeParse({
  headerText: args.title ?? "",
  text: args.text,
  navigateUrl: args.url,
  imageUrl: args.image,
  postingDate: args.date,
  guid: args.guid,
  source: "manual",
});
if (!parsed.success) {
  const names: Record<string, string> = {
    headerText: "--title",
    text: "--text",
    navigateUrl: "--url",
    imageUrl: "--image",
    postingDate: "--date",
    guid: "--guid",
  };
  const issue = parsed.error.issues[0]!;
  fail(`${names[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}\n${USAGE}`);
}
const item = parsed.data;

// addNews sends no mail and counts nothing.
const { ctx, db, dataDir } = await openOperatorContext(fail);
try {
  const added = await addNews(ctx, item);
  if (added) {
    console.log(
      `add-news: added "${item.headerText}" (posted ${item.postingDate ?? "now"}${item.guid ? `, guid ${item.guid}` : ""}) to ${path.join(dataDir, "sideline.db")}.`,
    );
  } else {
    console.log(`add-news: nothing added: an item with guid ${item.guid} is there already.`);
  }
} finally {
  await db.destroy();
}
