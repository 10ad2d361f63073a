/**
 * docs/operations.md is the operator's only guide: its table of configuration variables must name
 * every variable the server reads (src/server/env.ts's schema), no variable that does not exist,
 * and each default the schema fills in.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configSchema } from "../../src/server/env.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TABLE_HEADING = "## Configuration variables";
/** The rows of the first table under `heading`: variable name → its default cell. */
function variableTable(markdown: string, heading: string): Map<string, string> {
  const start = markdown.split("\n").findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no "${heading}" section`);
  const rows = new Map<string, string>();
  for (const line of markdown.split("\n").slice(start + 1)) {
    if (line.startsWith("## ")) break;
    const cells = line.split("|").map((cell) => cell.trim());
    const name = /^`([A-Z0-9_]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!name) continue;
    if (rows.has(name)) throw new Error(`${name} is listed twice`);
    rows.set(name, cells[2] ?? "");
  }
  return rows;
}

const documented = variableTable(readFileSync(path.join(ROOT, "docs/operations.md"), "utf8"), TABLE_HEADING);
const variables = Object.keys(configSchema.shape).sort();

describe("docs/operations.md, configuration variables", () => {
  it("lists every variable of the schema and none besides", () => {
    expect([...documented.keys()].sort()).toEqual(variables);
  });

  it("gives each default the schema fills in", () => {
    const defaults = configSchema.parse({}) as Record<string, unknown>;
    const filled = variables.filter((name) => typeof defaults[name] === "string" || typeof defaults[name] === "number");
    expect(filled.length).toBeGreaterThan(5);
    for (const name of filled) expect(documented.get(name) ?? "(not in the table)", name).toContain(`\`${String(defaults[name])}\``);
  });

  it("reads a table as the test above expects (a missing and an unknown variable both show)", () => {
    const table = variableTable(
      [
        "# x",
        TABLE_HEADING,
        "",
        "| variable | default | meaning |",
        "|---|---|---|",
        "| `PORT` | `3000` | port |",
        "| `NOPE` | — | x |",
        "## Next",
        "| `HOST` | — | x |",
      ].join("\n"),
      TABLE_HEADING,
    );
    expect([...table.entries()]).toEqual([
      ["PORT", "`3000`"],
      ["NOPE", "—"],
    ]);
    expect([...table.keys()].sort()).not.toEqual(variables);
  });
});
