import { createContext, useContext } from 'react';

/**
 * signed-out: no user. loading: looking for the key in this browser. locked: signed in, but this browser
 * has no key (another device, or recovery was put off). opening: a sign-in is opening the key. ready.
 */
export type DataKeyStatus = 'signed-out' | 'loading' | 'locked' | 'opening' | 'ready';

export type DataKeyState = {
  status: DataKeyStatus;
  key: CryptoKey | null;
  /**
   * Locked because recovery after a password reset was put off ("Not now") in this page: the new password
   * cannot open the key, the recovery code or the old password can, and requestUnlock opens "Recover Your
   * Data" again.
   */
  waitsForRecovery: boolean;
  /** Asks for the password (or finishes recovery) so the key is in this browser; true once it is. */
  requestUnlock(): Promise<boolean>;
  /** After a checked sign-in: opens, creates or recovers the data key with its kek, showing the dialogs. */
  openWithKek(userId: string, email: string, kek: CryptoKey, authValue?: string): Promise<boolean>;
};

export const DataKeyContext = createContext<DataKeyState | null>(null);

export function useDataKey(): DataKeyState {
  const state = useContext(DataKeyContext);
  if (!state) throw new Error('useDataKey must be used inside <DataKeyProvider>');
  return state;
}
