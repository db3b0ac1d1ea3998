import { ONBOARDING_OPTIONS, type OnboardingChoice } from '@sam/core';

/**
 * A visitor's onboarding choice, kept in this tab while they sign in or create an account, then saved
 * once they are signed in (see PreferencesEffects). It expires so a much later sign-in is not surprised.
 */
export const PENDING_CHOICE_KEY = 'sam_pending_onboarding';
export const PENDING_CHOICE_TTL_MS = 60 * 60 * 1000;

export type PendingChoice = { choice: OnboardingChoice; savedAt: number };

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function savePendingChoice(storage: Store, choice: OnboardingChoice, now = Date.now()): void {
  const value: PendingChoice = { choice, savedAt: now };
  storage.setItem(PENDING_CHOICE_KEY, JSON.stringify(value));
}

export function clearPendingChoice(storage: Store): void {
  storage.removeItem(PENDING_CHOICE_KEY);
}

/** Reads and removes the pending choice; null when none, unreadable or expired. */
export function takePendingChoice(storage: Store, now = Date.now()): PendingChoice | null {
  const raw = storage.getItem(PENDING_CHOICE_KEY);
  if (raw === null) return null;
  storage.removeItem(PENDING_CHOICE_KEY);
  try {
    const value = JSON.parse(raw) as Partial<PendingChoice>;
    const choice = value.choice;
    if (!(ONBOARDING_OPTIONS as readonly unknown[]).includes(choice)) return null;
    if (typeof value.savedAt !== 'number' || now - value.savedAt > PENDING_CHOICE_TTL_MS) return null;
    if (value.savedAt > now + 60_000) return null;
    return { choice: choice as OnboardingChoice, savedAt: value.savedAt };
  } catch {
    return null;
  }
}
