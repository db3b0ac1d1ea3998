/** A phone line as a tel: link; letters dial as on a keypad, so 1-800-662-HELP dials 1-800-662-4357. */
export function telHref(line: string): string {
  return `tel:${keypadDigits(line)}`;
}

/** A line that takes texts (988) as an sms: link. */
export function smsHref(line: string): string {
  return `sms:${keypadDigits(line)}`;
}

const KEYPAD: Record<string, string> = Object.fromEntries(
  ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqrs', 'tuv', 'wxyz'].flatMap((letters, i) =>
    [...letters].map((letter) => [letter, String(i + 2)]),
  ),
);

function keypadDigits(line: string): string {
  return [...line.toLowerCase()]
    .map((c) => KEYPAD[c] ?? c)
    .join('')
    .replace(/[^0-9+]/g, '');
}
