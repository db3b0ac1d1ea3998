import { type SessionReply, type SessionUser, STORAGE_KEYS } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { forgetRememberedKdf } from './rememberedKdf.ts';

/** The browser storage the session lives in (localStorage in the app, a Map-backed fake in tests). */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function storedToken(store: SessionStore): string | null {
  return store.getItem(STORAGE_KEYS.authToken);
}

/**
 * The id of the user saved beside a stored token, or null. A page reads ahead with it while the session is
 * checked: a good check answers with the same user.
 */
export function storedUserId(store: SessionStore): string | null {
  if (!storedToken(store)) return null;
  try {
    const user: unknown = JSON.parse(store.getItem(STORAGE_KEYS.userInfo) ?? 'null');
    return user && typeof user === 'object' && 'id' in user && typeof user.id === 'string' ? user.id : null;
  } catch {
    return null;
  }
}

/** After confirm or login: the token, the user, and the flag that this browser has an account. */
export function saveSession(store: SessionStore, reply: Pick<SessionReply, 'token' | 'user'>): void {
  store.setItem(STORAGE_KEYS.authToken, reply.token);
  saveUser(store, reply.user);
  store.setItem(STORAGE_KEYS.hasAccount, 'true');
}

export function saveUser(store: SessionStore, user: SessionUser): void {
  store.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
}

/**
 * Whether a failed start-up check means the session is over: only when the server answered and refused
 * the token. No answer (offline, a navigation that cut the request off) or a server failure says nothing
 * about the session, so it is kept.
 */
export function checkEndsSession(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** Removes the token, the user and the keys older versions of the app used. */
export function clearSession(store: SessionStore): void {
  store.removeItem(STORAGE_KEYS.authToken);
  store.removeItem(STORAGE_KEYS.userInfo);
  for (const key of STORAGE_KEYS.legacyTokens) store.removeItem(key);
}

export function hasAccountFlag(store: SessionStore): boolean {
  return store.getItem(STORAGE_KEYS.hasAccount) === 'true';
}

export function setHasAccountFlag(store: SessionStore, value: boolean): void {
  if (value) store.setItem(STORAGE_KEYS.hasAccount, 'true');
  else store.removeItem(STORAGE_KEYS.hasAccount);
}

export function rememberedEmail(store: SessionStore): string | null {
  return store.getItem(STORAGE_KEYS.rememberedEmail);
}

/** After this account's address changed: a browser that remembered the old one remembers the new one. */
export function followEmailChange(store: SessionStore, oldEmail: string, newEmail: string): void {
  if (rememberedEmail(store)?.trim().toLowerCase() === oldEmail.trim().toLowerCase()) {
    // The password, and so the kept key-derivation parameters, did not change.
    store.setItem(STORAGE_KEYS.rememberedEmail, newEmail);
  }
}

/** Another address (or none) also forgets the parameters kept for the one remembered before. */
export function setRememberedEmail(store: SessionStore, email: string | null): void {
  if (email !== rememberedEmail(store)) forgetRememberedKdf(store);
  if (email) store.setItem(STORAGE_KEYS.rememberedEmail, email);
  else store.removeItem(STORAGE_KEYS.rememberedEmail);
}
