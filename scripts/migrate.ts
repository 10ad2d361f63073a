/** Applies pending migrations to the database of DATA_DIR (npm start does this too; `sideline migrate`). */
import { openDatabase } from "../src/platform/db/open.ts";
import { migrateToLatest } from "../src/platform/db/migrator.ts";
import { databaseLocation, loadConfig } from "../src/server/env.ts";

export async function migrate(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(databaseLocation(config));
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "the database is up to date");
  await db.destroy();
}

if (import.meta.main) await migrate();
