/** The groups of a recovery code as shown on screen: ABCD-EFGH-… -> ['ABCD', 'EFGH', …]. */
export function recoveryCodeGroups(code: string): string[] {
  return code
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
}

/** The text file a person can download and keep with their recovery code. */
export function recoveryCodeText(code: string, email: string, created: Date): string {
  return [
    'SAM recovery code',
    '',
    recoveryCodeGroups(code).join('-'),
    '',
    `Account: ${email}`,
    `Created: ${created.toISOString().slice(0, 10)}`,
    '',
    'Keep this code somewhere safe and private, such as a password manager or a printed page put away.',
    'It is the only way back to your saved writing if you forget your password.',
    'SAM never sees your password or your writing, so SAM cannot reset this code or unlock your writing for you.',
    'A newer recovery code replaces this one.',
    '',
  ].join('\n');
}
