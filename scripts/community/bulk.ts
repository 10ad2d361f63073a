/**
 * Bulk loading for the community generator: the SQLite driver of the running runtime used
 * directly (bun:sqlite under Bun, better-sqlite3 under Node), with the app's Kysely instance over
 * the same connection for migrations and the derived structures' rebuild functions; multi-row
 * prepared INSERTs in large transactions; and the secondary indexes and triggers of the loaded
 * tables set aside during the load and then recreated from their own stored SQL, so the schema
 * ends exactly as the migrations made it.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { CamelCasePlugin, Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import type { DB } from "../../src/platform/db/client.ts";
import type { Database } from "../../src/platform/db/database.ts";

export interface RawStatement {
  run: (...params: unknown[]) => unknown;
  all: (...params: unknown[]) => unknown[];
  get: (...params: unknown[]) => unknown;
}

export interface RawDb {
  exec: (sql: string) => unknown;
  prepare: (sql: string) => RawStatement;
  close: () => unknown;
}

/**
 * Opens the file with the runtime's driver. Statements prepared through `prepare` are finalized by
 * `close` (bun:sqlite keeps a connection with live statements open, and locked, after close()).
 */
export async function openRaw(file: string): Promise<RawDb> {
  mkdirSync(dirname(file), { recursive: true });
  let driver: RawDb;
  if (typeof globalThis.Bun !== "undefined") {
    const { Database: BunDatabase } = await import("bun:sqlite");
    driver = new BunDatabase(file, { create: true }) as unknown as RawDb;
  } else {
    const { default: BetterSqlite } = await import("better-sqlite3");
    driver = new BetterSqlite(file) as unknown as RawDb;
  }
  const statements: RawStatement[] = [];
  return {
    exec: (sql) => driver.exec(sql),
    prepare: (sql) => {
      const statement = driver.prepare(sql);
      statements.push(statement);
      return statement;
    },
    close: () => {
      for (const s of statements) (s as { finalize?: () => void }).finalize?.();
      statements.length = 0;
      return driver.close();
    },
    driver,
  } as RawDb & { driver: RawDb };
}

/** The app's Kysely (camelCase plugin, as src/platform/db/client.ts makes it) over an open connection. */
export function kyselyOver(raw: RawDb): DB {
  const database = (raw as RawDb & { driver?: RawDb }).driver ?? raw;
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: database as unknown as SqliteDatabase }),
    plugins: [new CamelCasePlugin()],
  });
}

export const one = <T>(raw: RawDb, sql: string, ...params: unknown[]) => raw.prepare(sql).get(...params) as T;

/** Commits every `rowsPerCommit` rows written through its inserters (one large transaction at a time). */
export class Batches {
  private pending = 0;
  private open = false;

  constructor(
    private readonly raw: RawDb,
    private readonly rowsPerCommit = 400_000,
  ) {}

  begin(): void {
    if (!this.open) {
      this.raw.exec("BEGIN");
      this.open = true;
    }
  }

  wrote(rows: number): void {
    this.pending += rows;
    if (this.pending >= this.rowsPerCommit) {
      this.commit();
      this.begin();
    }
  }

  commit(): void {
    if (this.open) this.raw.exec("COMMIT");
    this.open = false;
    this.pending = 0;
  }
}

/**
 * Buffered INSERT of many rows per statement (prepared once): `row(...)` takes the values of one
 * row in column order; `flush()` writes what is left. Must be used inside Batches.begin().
 */
export class Inserter {
  private readonly full: RawStatement;
  private readonly single: RawStatement;
  private readonly buffer: unknown[];
  private filled = 0;
  private readonly perStatement: number;
  count = 0;

  constructor(
    raw: RawDb,
    table: string,
    private readonly columns: readonly string[],
    private readonly batches: Batches,
  ) {
    // Well below SQLite's 32,766 bound values per statement; about 100 rows a statement is past the point of diminishing returns.
    this.perStatement = Math.max(1, Math.min(128, Math.floor(4000 / columns.length)));
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    const sql = (n: number) => `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array.from({ length: n }, () => tuple).join(", ")}`;
    this.full = raw.prepare(sql(this.perStatement));
    this.single = raw.prepare(sql(1));
    this.buffer = new Array(this.perStatement * columns.length);
  }

  row(...values: unknown[]): void {
    const width = this.columns.length;
    for (let i = 0; i < width; i++) this.buffer[this.filled * width + i] = values[i];
    this.filled += 1;
    if (this.filled === this.perStatement) {
      this.full.run(...this.buffer);
      this.done(this.perStatement);
    }
  }

  flush(): void {
    const width = this.columns.length;
    for (let r = 0; r < this.filled; r++) this.single.run(...this.buffer.slice(r * width, (r + 1) * width));
    this.done(this.filled);
  }

  private done(rows: number) {
    this.filled = 0;
    this.count += rows;
    this.batches.wrote(rows);
  }
}

export interface SchemaObject {
  type: "index" | "trigger";
  name: string;
  table: string;
  sql: string;
}

/**
 * Drops the secondary indexes and the triggers of these tables (the primary keys and UNIQUE
 * constraints stay: they have no SQL of their own) and returns them, in creation order, so that
 * `restoreSchemaObjects` recreates exactly the same ones after the load.
 */
export function setAsideSchemaObjects(raw: RawDb, tables: readonly string[]): SchemaObject[] {
  const wanted = new Set(tables);
  const objects = (
    raw
      .prepare(
        "SELECT type, name, tbl_name AS \"table\", sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY rowid",
      )
      .all() as SchemaObject[]
  ).filter((o) => wanted.has(o.table));
  for (const o of objects) raw.exec(`DROP ${o.type === "index" ? "INDEX" : "TRIGGER"} "${o.name}"`);
  return objects;
}

export function restoreSchemaObjects(raw: RawDb, objects: readonly SchemaObject[], onEach?: (o: SchemaObject) => void): void {
  // Indexes first (a trigger body may rely on them being there), each in its original order.
  for (const o of [...objects.filter((x) => x.type === "index"), ...objects.filter((x) => x.type === "trigger")]) {
    raw.exec(o.sql);
    onEach?.(o);
  }
}

/** Growable parallel columns of numbers (typed arrays), for the streams of generated items. */
export class Columns<K extends string> {
  length = 0;
  private capacity: number;
  private readonly keys: K[];
  readonly data: Record<K, Float64Array | Int32Array | Uint8Array>;

  constructor(
    private readonly kinds: Record<K, "f64" | "i32" | "u8">,
    initial = 1024,
  ) {
    this.capacity = initial;
    this.keys = Object.keys(kinds) as K[];
    this.data = {} as Record<K, Float64Array | Int32Array | Uint8Array>;
    for (const k of Object.keys(kinds) as K[]) this.data[k] = Columns.make(kinds[k], initial);
  }

  private static make(kind: "f64" | "i32" | "u8", n: number) {
    return kind === "f64" ? new Float64Array(n) : kind === "i32" ? new Int32Array(n) : new Uint8Array(n);
  }

  /** Appends one item; values in the order of the kinds' keys. */
  push(values: Record<K, number>): void {
    if (this.length === this.capacity) {
      this.capacity *= 2;
      for (const k of this.keys) {
        const next = Columns.make(this.kinds[k], this.capacity);
        next.set(this.data[k]);
        this.data[k] = next;
      }
    }
    for (const k of this.keys) this.data[k][this.length] = values[k];
    this.length += 1;
  }

  /** The item indexes ordered by `time` (ms; ties in insertion order): one numeric sort of packed keys. */
  orderBy(time: Float64Array, origin: number): Uint32Array {
    const n = this.length;
    const span = 2 ** Math.ceil(Math.log2(Math.max(2, n)));
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const second = Math.floor((time[i]! - origin) / 1000);
      keys[i] = second * span + i;
    }
    if (keys.length > 0 && keys[n - 1]! >= 2 ** 53) throw new Error("too many items to order");
    keys.sort();
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = keys[i]! % span;
    return order;
  }
}
