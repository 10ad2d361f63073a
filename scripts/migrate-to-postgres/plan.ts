/**
 * What migrate-to-postgres copies, read from the migrated PostgreSQL target's catalogue: its
 * tables, their columns and keys, and an order in which each table comes after the tables its
 * foreign keys point to. The SQLite source has the same tables from the same migrations.
 */
import type pg from "pg";

export interface Column {
  name: string;
  /** The PostgreSQL type name (int4, int8, text ...): the batch's arrays are cast to it. */
  type: string;
}

export interface TablePlan {
  name: string;
  columns: Column[];
  /** Primary key columns, in key order (samples are looked up by them). */
  primaryKey: string[];
  /** The identity column numbered by a sequence, if any (its sequence is set after the copy). */
  identity: string | null;
  /** Tables its foreign keys point to. */
  references: string[];
}

/** Kysely's own bookkeeping: each side's migrations are its own. */
export const MIGRATION_BOOKKEEPING = ["kysely_migration", "kysely_migration_lock"];

/**
 * The member search index: FTS5 tables on SQLite, tsvector rows, their vocabulary and their
 * prefix postings on PostgreSQL (migrations 2026-11-24-020, 2026-11-28-510). Rebuilt on the target
 * from the copied members, never copied.
 */
export const REBUILT_TABLES = ["member_search", "member_search_word", "member_search_prefix"];

/**
 * The tables the migrations fill themselves (reference lists, the welcome news item, the timeline's
 * horizon). A freshly migrated target holds these rows and is still empty: they are replaced by the
 * source's rows, which may have grown since (schools and companies members typed, news).
 */
export const FILLED_BY_MIGRATIONS = [
  "ad_item",
  "company",
  "competition_level",
  "degree_type",
  "industry",
  "interest",
  "news_item",
  "other_sporting_interest",
  "school",
  "sector",
  "sport",
  "timeline_state",
  "us_state",
];

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The target's tables to copy (every base table but the bookkeeping and the rebuilt ones), each after those it references. */
export async function planCopy(target: pg.ClientBase): Promise<TablePlan[]> {
  const columns = await target.query<{ table: string; column: string; type: string; identity: string }>(
    `SELECT c.table_name AS table, c.column_name AS column, c.udt_name AS type, c.is_identity AS identity
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
     ORDER BY c.table_name, c.ordinal_position`,
  );
  const keys = await target.query<{ table: string; column: string }>(
    `SELECT tc.table_name AS table, k.column_name AS column
     FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage k ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name
     WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()
     ORDER BY tc.table_name, k.ordinal_position`,
  );
  const references = await target.query<{ table: string; referenced: string }>(
    `SELECT DISTINCT cl.relname AS table, rf.relname AS referenced
     FROM pg_constraint c
     JOIN pg_class cl ON cl.oid = c.conrelid
     JOIN pg_class rf ON rf.oid = c.confrelid
     WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  const skipped = new Set([...MIGRATION_BOOKKEEPING, ...REBUILT_TABLES]);
  const tables = new Map<string, TablePlan>();
  for (const c of columns.rows) {
    if (skipped.has(c.table)) continue;
    let table = tables.get(c.table);
    if (!table) tables.set(c.table, (table = { name: c.table, columns: [], primaryKey: [], identity: null, references: [] }));
    table.columns.push({ name: c.column, type: c.type });
    if (c.identity === "YES") table.identity = c.column;
  }
  for (const k of keys.rows) tables.get(k.table)?.primaryKey.push(k.column);
  for (const r of references.rows) if (r.referenced !== r.table) tables.get(r.table)?.references.push(r.referenced);
  return dependencyOrder([...tables.values()]);
}

/** Tables in name order, each moved after the tables it references (the schema has no reference cycles). */
function dependencyOrder(tables: TablePlan[]): TablePlan[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: TablePlan) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`foreign keys form a cycle through ${table.name}`);
    visiting.add(table.name);
    for (const name of table.references) {
      const referenced = byName.get(name);
      if (referenced) place(referenced);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table);
  return ordered;
}
