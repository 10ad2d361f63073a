import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundledMigrationsModule, folderMigrations, type MigrationSource } from "./migration-source.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the migrations the one-file binary bundles", () => {
  it("are the folder's, by the same names, as the same modules", async () => {
    // The module build:binary puts in place of migrations.ts, imported here as the bundler would.
    const file = path.join(dir, "bundled-migrations.ts");
    writeFileSync(file, await bundledMigrationsModule());
    const { migrations: bundled } = (await import(pathToFileURL(file).href)) as { migrations: MigrationSource };
    const folder = folderMigrations();

    const names = await folder.names();
    expect(names.length).toBeGreaterThan(10);
    expect(names).toContain("2026-11-22-003-reference-data");
    expect(await bundled.names()).toEqual(names);
    const [fromFolder, fromBundle] = await Promise.all([folder.load(), bundled.load()]);
    expect(Object.keys(fromBundle).sort()).toEqual(names);
    for (const name of names) expect(fromBundle[name], name).toBe(fromFolder[name]);
  });
});
