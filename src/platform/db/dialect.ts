import { CompiledQuery, type Kysely, PostgresAdapter, type QueryResult, type RawBuilder, sql } from "kysely";

/** Any Kysely instance, whatever its tables (the app's DB, a migration's, a transaction). */
type AnyKysely = Pick<Kysely<unknown>, "getExecutor" | "executeQuery">;

/**
 * The few places where SQLite and PostgreSQL need different SQL ask here. Everything else is
 * written once in the SQL both engines share.
 */
export function isPostgres(db: AnyKysely): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A statement written as text with `?` placeholders, run on either engine: PostgreSQL numbers its
 * placeholders (`$1`, `$2`, ...). The texts hold no `?` inside string literals.
 */
export function rawQuery<R>(db: AnyKysely, text: string, parameters: readonly unknown[] = []): Promise<QueryResult<R>> {
  return db.executeQuery<R>(CompiledQuery.raw(isPostgres(db) ? numberedPlaceholders(text) : text, [...parameters]));
}

export function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** The larger of two values in one row: SQLite's two-argument max(), PostgreSQL's greatest(). */
export function greatestFunction(db: AnyKysely): "max" | "greatest" {
  return isPostgres(db) ? "greatest" : "max";
}

/**
 * `column IN (ids)` as SQL: a list of values (`IN (?, ?, …)`, a statement text per length, which
 * SQLite's statement cache keeps), or with `asArray` one array parameter (`= ANY(?::int[])`, PostgreSQL):
 * one text for any number of ids, which a precompiled statement prepares once (decision 044).
 */
export function idIn(column: string, ids: number[], asArray: boolean): RawBuilder<boolean> {
  return asArray ? sql<boolean>`${sql.ref(column)} = ANY(${ids}::int[])` : sql<boolean>`${sql.ref(column)} IN (${sql.join(ids)})`;
}
