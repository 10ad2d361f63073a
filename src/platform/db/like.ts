/**
 * A LIKE pattern that matches `text` anywhere in a lowercased value: the text lowercased, its `\`,
 * `%` and `_` escaped with `\`. Use it with `like ? escape '\'` (the same on PostgreSQL).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
