/**
 * Two working values of a form hold the same content. They are built the same way (the same schema, the
 * same code), so their keys come in the same order and their JSON can be compared.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
