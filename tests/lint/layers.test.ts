/**
 * The lint configuration keeps the layer map: an import across a forbidden boundary is reported
 * (the real eslint.config.js, on code given as the text of a real file of each layer).
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids reported for `code` as if it were the file at `file` (relative to the root). */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("layer rules", () => {
  it("refuse a client file importing a domain's service, and accept its schema", async () => {
    expect(
      await rulesBroken(
        "src/client/lib/dates.ts",
        `import { list } from "../../domains/feed/feed.service.ts";\nexport const used = list;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "src/client/lib/dates.ts",
        `import { postText } from "../../domains/feed/feed.schema.ts";\nexport const used = postText;\n`,
      ),
    ).not.toContain("import-x/no-restricted-paths");
  }, 120_000);

  it("refuse the client importing server code other than the router's type", async () => {
    expect(
      await rulesBroken(
        "src/client/lib/dates.ts",
        `import { createHttpApp } from "../../server/app.ts";\nexport const used = createHttpApp;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
  }, 120_000);

  it("refuse a shared client component importing a feature, and accept a feature importing it", async () => {
    expect(
      await rulesBroken(
        "src/client/components/SaveBar.tsx",
        `import { Suggestions } from "../features/contacts/Suggestions.tsx";\nexport const used = Suggestions;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "src/client/features/settings/NameForm.tsx",
        `import { SaveBar } from "../../components/SaveBar.tsx";\nexport const used = SaveBar;\n`,
      ),
    ).not.toContain("import-x/no-restricted-paths");
  }, 120_000);

  it("refuse a migration importing application code, and shared code importing a domain", async () => {
    const migration = "migrations/2026-11-22-006-feed-news.ts";
    expect(await rulesBroken(migration, `import { texts } from "../src/shared/texts.ts";\nexport const used = texts;\n`)).toContain(
      "import-x/no-restricted-paths",
    );
    expect(
      await rulesBroken("src/shared/texts.ts", `import { list } from "../domains/feed/feed.service.ts";\nexport const used = list;\n`),
    ).toContain("import-x/no-restricted-paths");
  }, 120_000);

  it("refuse platform code importing a domain or the server, and a domain importing the server", async () => {
    expect(
      await rulesBroken("src/platform/mailer.ts", `import { list } from "../domains/feed/feed.service.ts";\nexport const used = list;\n`),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "src/platform/mailer.ts",
        `import { createHttpApp } from "../server/app.ts";\nexport const used = createHttpApp;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "src/domains/feed/feed.service.ts",
        `import { createHttpApp } from "../../server/app.ts";\nexport const used = createHttpApp;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "src/domains/feed/feed.service.ts",
        `import { router } from "../../platform/trpc/init.ts";\nexport const used = router;\n`,
      ),
    ).not.toContain("import-x/no-restricted-paths");
  }, 120_000);

  it("refuse a domain importing another domain's repository or private file, and accept its service and schema", async () => {
    const file = "src/domains/feed/feed.service.ts";
    expect(
      await rulesBroken(
        file,
        `import { findMemberById } from "../accounts/accounts.repository.ts";\nexport const used = findMemberById;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(file, `import { cachedListPage } from "../contacts/list-cache.ts";\nexport const used = cachedListPage;\n`),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(file, `import { findMemberById } from "../accounts/accounts.service.ts";\nexport const used = findMemberById;\n`),
    ).not.toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(file, `import { PrivacyLevel } from "../privacy/privacy.schema.ts";\nexport const used = PrivacyLevel;\n`),
    ).not.toContain("import-x/no-restricted-paths");
    // Its own repository stays open to it.
    expect(await rulesBroken(file, `import { feedPage } from "./feed.repository.ts";\nexport const used = feedPage;\n`)).not.toContain(
      "import-x/no-restricted-paths",
    );
  }, 120_000);
});
