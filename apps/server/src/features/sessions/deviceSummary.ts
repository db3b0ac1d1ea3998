import Bowser from 'bowser';

/**
 * "Chrome on Android": what a person needs to recognise a sign-in, read from the User-Agent header alone
 * (no address, no place), with a small, well-kept parser rather than patterns of our own.
 */
export function deviceSummary(userAgent: string | undefined): string {
  if (!userAgent) return 'An unknown browser';
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  const name = browser.name || 'A browser';
  return os.name ? `${name} on ${os.name}` : name;
}
