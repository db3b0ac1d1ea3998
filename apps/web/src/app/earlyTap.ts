/** What public/first-paint.js keeps of the taps given before the app started. */
type EarlyTaps = { last: Element | null; stop(): void };

declare global {
  interface Window {
    samEarlyTaps?: EarlyTaps;
  }
}

/**
 * Presses again the prerendered button tapped before the app had taken the page over, once React listens
 * (call it right after hydrateRoot). A button the app has since drawn anew is gone from the page and is
 * not pressed: the person sees the app's own page and taps again.
 */
export function pressEarlyTap(): void {
  const taps = window.samEarlyTaps;
  if (!taps) return;
  taps.stop();
  delete window.samEarlyTaps;
  const button = taps.last;
  if (button instanceof HTMLElement && button.isConnected) button.click();
}
