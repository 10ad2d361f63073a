import { type Compilable, CompiledQuery } from "kysely";
import type { DB } from "./client.ts";
import { isPostgres, numberedPlaceholders } from "./dialect.ts";
import { prepareStatement } from "./prepared-statements.ts";

/** Marks a parameter's place while the query is built once (a string no input can begin with). */
const MARK = "\u0000param:";

/** Per bound value of the statement: the parameter that fills it, or a constant of the statement. */
type Slot<P> = { param: keyof P } | { constant: unknown };

/**
 * A query that Kysely builds and compiles once, then runs again and again with new values: for the
 * hot paths (a message, a reply, a notification, a page of a contact list), where building the
 * query (Kysely's node tree, the camel-case plugin's pass over it, compiling to SQL) cost more
 * than SQLite running it. `build` receives stand-ins for the parameters and must use each only as
 * a value bound to the statement (no arithmetic, no `in` lists, no branching on it: a stand-in
 * changed on the way is refused when the query runs); other values it binds are constants of the
 * statement. Rows come back through the plugins as usual (camelCase), on whatever `db` is given
 * (the database or a write unit's transaction), and the statement itself is prepared once by the
 * connection's statement cache on SQLite, and by name on each PostgreSQL connection
(prepared-statements.ts).
 */
export function precompiled<P extends Record<string, unknown>, R>(
  build: (db: DB, params: P) => Compilable<R>,
): (db: DB, params: P) => Promise<R[]> {
  // One compiled text per engine: the SQL differs (placeholders, quoting), and one process may hold
  // both (the copy from SQLite to PostgreSQL).
  const byEngine = new Map<boolean, { sql: string; slots: Array<Slot<P>> }>();
  return async (db, params) => {
    const engine = isPostgres(db);
    let compiled = byEngine.get(engine);
    if (!compiled) {
      compiled = compile(db, build);
      byEngine.set(engine, compiled);
      if (engine) prepareStatement(compiled.sql);
    }
    const values = compiled.slots.map((slot) => {
      if ("constant" in slot) return slot.constant;
      if (!(slot.param in params))
        throw new Error(`A precompiled query binds "${String(slot.param)}", which is not one of its parameters: ${compiled.sql}`);
      return params[slot.param];
    });
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, values))).rows;
  };
}

/** What makes one statement of a family differ from another: a page size, a list kind, a flag. */
type ShapeKey = Array<string | number | boolean>;

/**
 * A family of precompiled statements, one per key: for a statement whose text varies with a small,
 * code-bounded key (a page size written into the text so that PostgreSQL may keep one plan for
 * every viewer, decision 034; a list kind; first page or after a cursor). Each key's statement is
 * built and compiled the first time it is asked for, then kept; keys must come from a bounded set
 * (validated page sizes, enums), never from free input, as each one is a statement prepared on
 * every PostgreSQL connection.
 */
export function precompiledPer<K extends ShapeKey, P extends Record<string, unknown>, R>(
  build: (...key: K) => (db: DB, params: P) => Compilable<R>,
): (...key: K) => (db: DB, params: P) => Promise<R[]> {
  const statements = new Map<string, (db: DB, params: P) => Promise<R[]>>();
  return (...key) => {
    const id = JSON.stringify(key);
    let statement = statements.get(id);
    if (!statement) statements.set(id, (statement = precompiled(build(...key))));
    return statement;
  };
}

/**
 * A statement written as SQL text with `?` placeholders (numbered on PostgreSQL, as rawQuery does),
 * for precompiled(): the parameters are the stand-ins and constants, in the order of the `?`s.
 */
export function textStatement<R>(db: DB, text: string, parameters: unknown[]): Compilable<R> {
  return { compile: () => CompiledQuery.raw(isPostgres(db) ? numberedPlaceholders(text) : text, parameters) };
}

function compile<P extends Record<string, unknown>, R>(db: DB, build: (db: DB, params: P) => Compilable<R>) {
  const standIns = new Proxy({}, { get: (_, key) => `${MARK}${String(key)}` }) as P;
  const query = build(db, standIns).compile();
  const slots = query.parameters.map((value): Slot<P> => {
    if (typeof value !== "string" || !value.includes(MARK)) return { constant: value };
    // Text put before a stand-in would otherwise be bound as a constant, the call's value never used.
    if (!value.startsWith(MARK))
      throw new Error(`A precompiled query changed a stand-in on the way (${JSON.stringify(value)}): ${query.sql}`);
    return { param: value.slice(MARK.length) };
  });
  return { sql: query.sql, slots };
}
