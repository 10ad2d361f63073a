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

/** `column IN (ids)` as a list of values: a statement text per length, which SQLite's statement cache keeps. */
export function idIn(column: string, ids: number[]): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} IN (${sql.join(ids)})`;
}

/** The parameters idInSlots reads: idSlot0, idSlot1, … */
export type IdSlots = Record<`idSlot${number}`, number>;

/** The most ids one idInSlots statement takes (PostgreSQL binds at most 65,535 parameters): callers send more in parts. */
export const MAX_ID_SLOTS = 1024;

/** How many slots a list of n ids takes (idInSlots): the next power of two, so a few statement texts serve every length. */
export function idSlotCount(n: number): number {
  if (n > MAX_ID_SLOTS) throw new Error(`idInSlots takes at most ${MAX_ID_SLOTS} ids (given ${n}): send them in parts`);
  return 2 ** Math.ceil(Math.log2(Math.max(1, n)));
}

/** The ids as idInSlots' parameters, padded to their slot count with the last one (IN ignores a repeat). */
export function idSlotValues(ids: number[]): IdSlots {
  const values: IdSlots = {};
  const [slots, last] = [idSlotCount(ids.length), ids[ids.length - 1]!];
  for (let i = 0; i < slots; i++) values[`idSlot${i}`] = i < ids.length ? ids[i]! : last;
  return values;
}

/**
 * `column IN (ids)` for a precompiled PostgreSQL statement, one per slot count (idSlotCount): the
 * ids as `slots` parameters (idSlotValues) of one array, unnested. With `= ANY(array parameter)`
 * PostgreSQL planned every call anew: knowing the values, it expected fewer rows than its generic
 * plan's average and an array of 10 ids, whatever the length (0.5 ms of a feed page's replies). A
 * join to an array of known length expects the same rows with the values or without, so it keeps
 * one plan after its fifth run (decision 055).
 */
export function idInSlots(column: string, params: IdSlots, slots: number): RawBuilder<boolean> {
  const values = Array.from({ length: slots }, (_, i) => sql`${params[`idSlot${i}`]}::int`);
  return sql<boolean>`${sql.ref(column)} IN (SELECT unnest(ARRAY[${sql.join(values)}]))`;
}
