import { type Compilable, CompiledQuery } from "kysely";
import type { DB } from "./client.ts";

/** Marks a parameter's place while the query is built once (a string no input can begin with). */
const MARK = "\u0000param:";

/**
 * A query that Kysely builds and compiles once, then runs again and again with new values: for the
 * hot write paths (a message, a reply, a notification), where building the query (Kysely's node
 * tree, the camel-case plugin's pass over it, compiling to SQL) cost more than SQLite running it.
 * `build` receives stand-ins for the parameters and must use each only as a value bound to the
 * statement (no arithmetic, no `in` lists, no branching on it); the first run checks that every
 * bound value is a stand-in. Rows come back through the plugins as usual (camelCase), on whatever
 * `db` is given (the database or a write unit's transaction), and the statement itself is
 * prepared once by the connection's statement cache. PostgreSQL: the same (the SQL text is the key
 * of its named prepared statements).
 */
export function precompiled<P extends Record<string, unknown>, R>(build: (db: DB, params: P) => Compilable<R>): (db: DB, params: P) => Promise<R[]> {
  let compiled: { sql: string; slots: Array<keyof P> } | undefined;
  return async (db, params) => {
    compiled ??= compile(db, build);
    const { sql, slots } = compiled;
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, slots.map((key) => params[key])));
    return result.rows;
  };
}

function compile<P extends Record<string, unknown>, R>(db: DB, build: (db: DB, params: P) => Compilable<R>) {
  const standIns = new Proxy({}, { get: (_, key) => `${MARK}${String(key)}` }) as P;
  const query = build(db, standIns).compile();
  const slots = query.parameters.map((value) => {
    if (typeof value !== "string" || !value.startsWith(MARK)) {
      throw new Error(`A precompiled query binds a value that is not one of its parameters (${String(value)}): ${query.sql}`);
    }
    return value.slice(MARK.length) as keyof P;
  });
  return { sql: query.sql, slots };
}
