/** A phone line as a tel: link; letters dial as on a keypad, so 1-800-662-HELP dials 1-800-662-4357. */
export function telHref(line: string): string {
  const keypad: Record<string, string> = {};
  const groups = ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqrs', 'tuv', 'wxyz'];
  groups.forEach((letters, i) => {
    for (const letter of letters) keypad[letter] = String(i + 2);
  });
  const digits = [...line.toLowerCase()].map((c) => keypad[c] ?? c).join('');
  return `tel:${digits.replace(/[^0-9+]/g, '')}`;
}
