/**
 * The SQLite side of migrate-to-postgres (Bun: bun:sqlite, like the other scripts that read the
 * file directly). Everything is read inside one read transaction: one consistent snapshot of the
 * file, even if something writes to it meanwhile.
 */
import { Database } from "bun:sqlite";
import { quoteIdent } from "./plan.ts";

export type Value = string | number | bigint | Uint8Array | null;

export class SqliteSource {
  private readonly db: Database;

  constructor(readonly file: string) {
    // Read-write without create (though it only reads): a read-only connection cannot open a WAL
    // file whose -shm is gone.
    this.db = new Database(file, { readwrite: true, create: false });
    this.db.run("PRAGMA busy_timeout = 5000");
    // The snapshot starts at the first read and lasts until close().
    this.db.run("BEGIN");
  }

  close(): void {
    if (this.db.inTransaction) this.db.run("COMMIT");
    this.db.close();
  }

  /** The columns of a table, or none when the file has no such table. */
  columns(table: string): string[] {
    return this.db
      .query(`SELECT name FROM pragma_table_info(?)`)
      .values(table)
      .map((r) => String(r[0]));
  }

  count(table: string): number {
    return Number(this.db.query(`SELECT count(*) FROM ${quoteIdent(table)}`).values()[0]![0]);
  }

  /** The highest id an AUTOINCREMENT table has handed out, deleted rows included (0 when none). */
  sequence(table: string): number {
    // sqlite_sequence exists once some AUTOINCREMENT table does.
    if (this.columns("sqlite_sequence").length === 0) return 0;
    const row = this.db.query("SELECT seq FROM sqlite_sequence WHERE name = ?").values(table)[0];
    return Number(row?.[0] ?? 0);
  }

  /** Every row of a table, in its stored order, as arrays of the given columns. */
  *rows(table: string, columns: string[]): Generator<Value[]> {
    const statement = this.db.prepare(`SELECT ${columns.map(quoteIdent).join(", ")} FROM ${quoteIdent(table)}`);
    for (const row of statement.iterate() as IterableIterator<Record<string, Value>>) yield columns.map((c) => row[c] ?? null);
  }

  /** Up to `n` primary keys picked at random. */
  sampleKeys(table: string, key: string[], n: number): Value[][] {
    return this.db.query(`SELECT ${key.map(quoteIdent).join(", ")} FROM ${quoteIdent(table)} ORDER BY random() LIMIT ${n}`).values();
  }

  /** One row by its primary key, as an array of the given columns. */
  row(table: string, columns: string[], key: string[], values: Value[]): Value[] | undefined {
    const where = key.map((k) => `${quoteIdent(k)} = ?`).join(" AND ");
    return this.db.query(`SELECT ${columns.map(quoteIdent).join(", ")} FROM ${quoteIdent(table)} WHERE ${where}`).values(...values)[0];
  }
}
