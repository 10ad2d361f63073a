import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "#support/server.ts";

const BUN = path.join(ROOT, "node_modules/.bin/bun");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-add-news-"));
const run = (...args: string[]) => {
  const r = spawnSync(BUN, ["scripts/add-news.ts", ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const rows = () => {
  const db = new Database(path.join(dataDir, "sideline.db"), { readonly: true });
  try {
    return db
      .prepare(
        "select header_text, text, image_url, navigate_url, posting_date, source, guid from news_item where source = 'manual' and guid is not 'sideline:welcome' order by id",
      )
      .all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
};

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("scripts/add-news.ts", () => {
  it("adds an item from flags, says so, and adds it once per --guid", () => {
    const first = run(
      "--title",
      "Spring tryouts",
      "--text",
      "Open tryouts for all ages.",
      "--url",
      "https://club.example.org/tryouts",
      "--image",
      "/images/tryouts.png",
      "--date",
      "2026-11-20",
      "--guid",
      "tryouts-2026",
    );
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/added "Spring tryouts" \(posted 2026-11-20T00:00:00.000Z, guid tryouts-2026\)/);
    const again = run("--title", "Spring tryouts", "--guid", "tryouts-2026");
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/nothing added: an item with guid tryouts-2026 is there already/);
    const plain = run("--title=Just a title");
    expect(plain.code, plain.err).toBe(0);
    expect(rows()).toEqual([
      {
        header_text: "Spring tryouts",
        text: "Open tryouts for all ages.",
        image_url: "/images/tryouts.png",
        navigate_url: "https://club.example.org/tryouts",
        posting_date: "2026-11-20T00:00:00.000Z",
        source: "manual",
        guid: "tryouts-2026",
      },
      expect.objectContaining({ header_text: "Just a title", text: "", image_url: null, navigate_url: "", guid: null }),
    ]);
  });

  it.each([
    [["--text", "no title"], /--title: A title is required/],
    [["--title", "x", "--url", "javascript:alert(1)"], /--url: must be an http\(s\) address or a path on this site/],
    [["--title", "x", "--image", "//evil.example/x.png"], /--image: must be an http\(s\) address or a path on this site/],
    [["--title", "x", "--date", "someday"], /--date: is not a date/],
    [["--title", "x", "--colour", "red"], /Unknown option '--colour'/],
  ])("refuses %j with a message and exit code 1, writing nothing", (args, message) => {
    const before = rows().length;
    const r = run(...args);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/usage: bun scripts\/add-news.ts/);
    expect(rows()).toHaveLength(before);
  });
});
