import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Makes the member with this e-mail an admin the way an operator does: `npm run create-admin` (the real
 * script) on the journeys' database. Answers what the script printed.
 */
export function createAdmin(email: string): string {
  const database = process.env.E2E_DB_URL ?? "";
  const where = /^postgres(ql)?:/.test(database) ? { DATABASE_URL: database } : { DATA_DIR: path.dirname(database) };
  return execFileSync("npx", ["bun", "scripts/create-admin.ts", "--email", email], { env: { ...process.env, ...where }, encoding: "utf8" });
}
