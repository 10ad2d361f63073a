/**
 * The statement texts that PostgreSQL connections prepare once and then only execute (decision 034):
 * the hot paths' precompiled statements. PostgreSQL otherwise parses and plans every statement it
 * receives; the home feed's took 17 ms to plan against a few to run. Each text gets a stable name,
 * and `pg` prepares it on a connection the first time that connection runs it.
 */
const names = new Map<string, string>();

/** Marks a statement text as one to prepare (idempotent); the texts are a fixed set the code builds. */
export function prepareStatement(text: string): void {
  if (!names.has(text)) names.set(text, `sideline_${names.size + 1}`);
}

/** The prepared statement's name of a text, or undefined when it is sent unprepared. */
export function preparedStatementName(text: string): string | undefined {
  return names.get(text);
}
