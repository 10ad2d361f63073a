/**
 * Makes a member an admin, in the database the server uses (DATA_DIR or DATABASE_URL):
 *
 *   npm run create-admin -- --email admin@club.example.org      (the binary: sideline create-admin --email …)
 *
 * The member must exist (sign up first). Recorded in the audit log as done by the system.
 * Prints what it did; exits with 1 when there is no such member or the address is not valid.
 * The work is admin.service's createAdmin, which the server's FIRST_ADMIN_EMAIL uses too.
 */
import { parseArgs } from "node:util";
import { createAdmin } from "../src/domains/admin/admin.service.ts";
import { emailField } from "../src/domains/accounts/accounts.schema.ts";
import { DomainError } from "../src/shared/errors.ts";
import { openOperatorContext } from "./lib/operator-context.ts";

const USAGE = `usage: npm run create-admin -- --email ADDRESS`;

function fail(message: string): never {
  console.error(`create-admin: ${message}`);
  process.exit(1);
}

export async function createAdminCommand(argv: string[]): Promise<void> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { email: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const email = emailField.safeParse(args.email ?? "");
  if (!email.success) fail(`--email: ${email.error.issues[0]!.message}\n${USAGE}`);

  // createAdmin sends no mail.
  const { ctx, db } = await openOperatorContext(fail);
  try {
    const { changed } = await createAdmin(ctx, email.data, "create-admin");
    console.log(changed ? `create-admin: ${email.data} is now an admin.` : `create-admin: ${email.data} is an admin already.`);
  } catch (error) {
    if (error instanceof DomainError) fail(`${error.message} (${email.data})`);
    throw error;
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) await createAdminCommand(process.argv.slice(2));
