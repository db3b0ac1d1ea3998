/** A LIKE pattern matching `text` anywhere, read with `escape '\'` so % and _ in it match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
