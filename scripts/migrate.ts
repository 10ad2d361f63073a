/** Applies pending migrations to the database of DATA_DIR (npm start does this too). */
import path from "node:path";
import { openSqlite } from "../src/platform/db/client.ts";
import { migrateToLatest } from "../src/platform/db/migrator.ts";
import { loadConfig } from "../src/server/env.ts";

const config = loadConfig();
const db = await openSqlite(path.join(path.resolve(config.DATA_DIR), "sideline.db"));
const applied = await migrateToLatest(db);
console.log(applied.length ? `applied: ${applied.join(", ")}` : "the database is up to date");
await db.destroy();
