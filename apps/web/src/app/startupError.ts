import { errorParamMessage } from '@sam/core';

/** Splits the start-up `error` query parameter off an address: the address without it, and its value. */
export function splitErrorParam(href: string): { cleanUrl: string; value: string | null } {
  const url = new URL(href);
  const value = url.searchParams.get('error');
  if (value === null) return { cleanUrl: href, value: null };
  url.searchParams.delete('error');
  return { cleanUrl: `${url.pathname}${url.search}${url.hash}`, value };
}

let pendingMessage: string | null = null;

/** Called once before the app renders: removes `?error=` from the address and keeps its message. */
export function takeErrorParam(): void {
  const { cleanUrl, value } = splitErrorParam(window.location.href);
  if (value === null) return;
  window.history.replaceState(window.history.state, '', cleanUrl);
  pendingMessage = errorParamMessage(value);
}

/** The message for the browser alert, handed out once. */
export function takeStartupErrorMessage(): string | null {
  const message = pendingMessage;
  pendingMessage = null;
  return message;
}
