/**
 * Copies a SQLite instance into an empty, migrated PostgreSQL database in one transaction: every
 * table in foreign-key order, in batches; the identity sequences set past the copied ids; the
 * member search index rebuilt from the copied members; then row counts and a sample of rows
 * compared with the source before the commit. Any mismatch rolls it all back, leaving the target
 * as empty as it was.
 */
import pg from "pg";
import { FILLED_BY_MIGRATIONS, planCopy, quoteIdent, REBUILT_TABLES, type TablePlan } from "./plan.ts";
import type { SqliteSource, Value } from "./source.ts";

/** Rows per INSERT: one array per column, so the statement has as many parameters as columns. */
const BATCH_ROWS = 5_000;
/** Rows per table compared column by column with the source. */
const SAMPLE_ROWS = 25;

/** The copy did not start: the target is not empty, not in the C collation, or the schemas differ. Nothing was written. */
export class CopyRefused extends Error {}

/** The copy did not match its source: it was rolled back. */
export class CopyMismatch extends Error {
  constructor(readonly mismatches: string[]) {
    super(`The copy does not match the source, so it was rolled back (the target is empty again):\n  ${mismatches.join("\n  ")}`);
  }
}

export interface CopyReport {
  tables: Array<{ name: string; rows: number }>;
  /** Rows of the rebuilt member search index (members who can be found). */
  searchRows: number;
  sampledRows: number;
}

export type CopyProgress = (phase: string, done: number, total: number) => void;

export async function copyToPostgres(source: SqliteSource, targetUrl: string, progress: CopyProgress): Promise<CopyReport> {
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    await target.query("BEGIN");
    const plan = await planCopy(target);
    await refuseUnlessReady(source, target, plan);
    const counts = new Map(plan.map((t) => [t.name, source.count(t.name)]));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);

    // Derived rows (timeline fan-out, suggestion staleness, search index) come from the source as
    // they are, or are rebuilt below: the tables' own triggers stay off during the copy.
    for (const t of [...plan.map((p) => p.name), ...REBUILT_TABLES])
      await target.query(`ALTER TABLE ${quoteIdent(t)} DISABLE TRIGGER USER`);
    await target.query(`TRUNCATE ${[...plan.map((p) => p.name), ...REBUILT_TABLES].map(quoteIdent).join(", ")}`);
    let done = 0;
    for (const table of plan) {
      if (counts.get(table.name)) progress(`copy ${table.name}`, done, total);
      const before = done;
      done += await copyTable(source, target, table, (rows) => progress(`copy ${table.name}`, before + rows, total));
      await setSequence(source, target, table);
    }
    progress("copied", total, total);
    for (const t of [...plan.map((p) => p.name), ...REBUILT_TABLES]) await target.query(`ALTER TABLE ${quoteIdent(t)} ENABLE TRIGGER USER`);
    // The index's rows come from the copied members, profiles and privacy settings; its vocabulary
    // (member_search_word) and prefix postings (member_search_prefix) from the rows' own triggers.
    const searchRows = (await target.query("INSERT INTO member_search SELECT * FROM member_search_source")).rowCount ?? 0;

    const sampledRows = await verify(source, target, plan, counts, searchRows);
    await target.query("COMMIT");
    // Planner statistics for the new rows, and the visibility map and hint bits a bulk load leaves
    // unset (autovacuum would get there later): until then every read visits the rows' pages and
    // dirties them, and index-only scans read the table too.
    await target.query("VACUUM (ANALYZE)");
    return { tables: plan.map((t) => ({ name: t.name, rows: counts.get(t.name)! })), searchRows, sampledRows };
  } catch (error) {
    await target.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await target.end();
  }
}

/** Refuses a target that holds data, is not in the C collation, or whose tables the source lacks. */
async function refuseUnlessReady(source: SqliteSource, target: pg.Client, plan: TablePlan[]): Promise<void> {
  const collation = (await target.query<{ c: string }>("SELECT datcollate AS c FROM pg_database WHERE datname = current_database()"))
    .rows[0]?.c;
  if (collation !== "C" && collation !== "POSIX")
    throw new CopyRefused(
      `The target database has the collation ${collation}; Sideline needs C (ordering as on SQLite). Create it with LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0 (docs/operations.md, "Requirements"). Nothing was copied.`,
    );
  const filled = new Set(FILLED_BY_MIGRATIONS);
  const occupied: string[] = [];
  for (const table of [...plan.map((t) => t.name), ...REBUILT_TABLES]) {
    if (filled.has(table)) continue;
    const found = await target.query(`SELECT 1 FROM ${quoteIdent(table)} LIMIT 1`);
    if (found.rowCount) occupied.push(table);
  }
  if (occupied.length)
    throw new CopyRefused(
      `The target database is not empty (rows in ${occupied.join(", ")}): migrate-to-postgres copies into an empty database only, and nothing was changed. Point DATABASE_URL at a new database.`,
    );
  const missing = plan.flatMap((table) => {
    const present = new Set(source.columns(table.name));
    if (present.size === 0) return [`table ${table.name}`];
    return table.columns.filter((c) => !present.has(c.name)).map((c) => `${table.name}.${c.name}`);
  });
  if (missing.length)
    throw new CopyRefused(
      `The SQLite file lacks ${missing.join(", ")} of the current schema, so nothing was copied. Is it a Sideline database?`,
    );
}

/** Inserts a table's rows in batches of one array per column (`unnest`); calls back with its rows so far. Answers how many. */
async function copyTable(source: SqliteSource, target: pg.Client, table: TablePlan, onRows: (rows: number) => void): Promise<number> {
  const names = table.columns.map((c) => c.name);
  const insert = `INSERT INTO ${quoteIdent(table.name)} (${names.map(quoteIdent).join(", ")})
    SELECT * FROM unnest(${table.columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(", ")})`;
  let batch: Value[][] = names.map(() => []);
  let rows = 0;
  const flush = async () => {
    if (batch[0]!.length === 0) return;
    await target.query(insert, batch);
    rows += batch[0]!.length;
    batch = names.map(() => []);
    onRows(rows);
  };
  for (const row of source.rows(table.name, names)) {
    for (let i = 0; i < row.length; i++) batch[i]!.push(row[i]!);
    if (batch[0]!.length === BATCH_ROWS) await flush();
  }
  await flush();
  return rows;
}

/**
 * An identity column's sequence goes past the copied ids, and past every id SQLite ever handed out
 * (AUTOINCREMENT never reuses a deleted row's id; neither does the sequence from there).
 */
async function setSequence(source: SqliteSource, target: pg.Client, table: TablePlan): Promise<void> {
  if (!table.identity) return;
  const max = await target.query<{ m: number | null }>(`SELECT max(${quoteIdent(table.identity)}) AS m FROM ${quoteIdent(table.name)}`);
  const last = Math.max(Number(max.rows[0]?.m ?? 0), source.sequence(table.name));
  await target.query("SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)", [
    quoteIdent(table.name),
    table.identity,
    Math.max(last, 1),
    last > 0,
  ]);
}

/** A value as text for comparing the two sides (numbers come back as numbers from both drivers, bytes as hex). */
function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return Buffer.from(v).toString("hex");
  if (typeof v === "string") return v;
  return typeof v === "number" || typeof v === "bigint" ? String(v) : JSON.stringify(v);
}

/** Row counts per table, the search index's size, and a random sample of rows compared column by column. Answers the rows sampled. */
async function verify(source: SqliteSource, target: pg.Client, plan: TablePlan[], counts: Map<string, number>, searchRows: number) {
  const mismatches: string[] = [];
  let sampled = 0;
  for (const table of plan) {
    const copied = Number((await target.query<{ n: number }>(`SELECT count(*) AS n FROM ${quoteIdent(table.name)}`)).rows[0]!.n);
    if (copied !== counts.get(table.name))
      mismatches.push(`${table.name}: ${counts.get(table.name)} rows in SQLite, ${copied} in PostgreSQL`);
    if (table.primaryKey.length === 0) continue;
    const names = table.columns.map((c) => c.name);
    const where = table.primaryKey.map((k, i) => `${quoteIdent(k)} = $${i + 1}`).join(" AND ");
    const select = `SELECT ${names.map(quoteIdent).join(", ")} FROM ${quoteIdent(table.name)} WHERE ${where}`;
    for (const key of source.sampleKeys(table.name, table.primaryKey, SAMPLE_ROWS)) {
      const expected = source.row(table.name, names, table.primaryKey, key)!;
      const found = (await target.query<unknown[]>({ text: select, values: key, rowMode: "array" })).rows[0];
      sampled++;
      const label = `${table.name} (${table.primaryKey.map((k, i) => `${k} ${String(key[i])}`).join(", ")})`;
      if (!found) {
        mismatches.push(`${label}: missing in PostgreSQL`);
        continue;
      }
      const differing = names.filter((_, i) => asText(expected[i]) !== asText(found[i]));
      if (differing.length) mismatches.push(`${label}: ${differing.join(", ")} differ`);
    }
  }
  const searchable = source.count("member_search");
  if (searchRows !== searchable) mismatches.push(`member search index: ${searchable} members in SQLite's, ${searchRows} in PostgreSQL's`);
  if (mismatches.length) throw new CopyMismatch(mismatches);
  return sampled;
}
