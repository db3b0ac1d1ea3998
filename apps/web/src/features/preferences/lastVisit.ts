import { type PageVisit, readPageVisit, STORAGE_KEYS, writePageVisit } from '@sam/core';

/** The signed-in user's last page visit in this browser, or null. */
export function readLastVisit(userId: string): PageVisit | null {
  try {
    return readPageVisit(localStorage.getItem(STORAGE_KEYS.userPageVisits), userId);
  } catch {
    return null;
  }
}

export function recordVisit(visit: PageVisit): void {
  try {
    const key = STORAGE_KEYS.userPageVisits;
    localStorage.setItem(key, writePageVisit(localStorage.getItem(key), visit));
  } catch (error) {
    console.warn('Could not record the last page visit', error);
  }
}
