import type { SessionUser } from '@sam/core';
import { cleanup, type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { type InitialEntry, MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { queryClient } from '../app/serverState.tsx';
import { createDataCipher, createDataKey, type DataCipher } from '../crypto/index.ts';
import { type AuthDialogs, AuthDialogsContext, type LoginMode } from '../features/auth/authDialogsContext.ts';
import { DataKeyContext, type DataKeyState } from '../features/auth/dataKeyContext.ts';
import { type Session, SessionContext } from '../features/auth/sessionContext.ts';
import { DialogProvider } from '../ui/dialogs/DialogProvider.tsx';
import './domShims.ts';
import { TEST_USER } from './testUser.ts';

export { TEST_USER };

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The app's one query
// client starts each test empty, and a failing request shows its error at once (no retries).
queryClient.setDefaultOptions({
  queries: { retry: false, refetchOnWindowFocus: false },
  mutations: { retry: false },
});
afterEach(() => {
  cleanup();
  queryClient.clear();
});

/** A fresh data key, as this browser would hold it once unlocked. */
export const testDataKey = (): Promise<CryptoKey> => createDataKey(globalThis.crypto);

/** The cipher the app makes from `key` for `user`: to put encrypted data on the fake server and read it back. */
export const testCipher = (key: CryptoKey, user: SessionUser = TEST_USER): DataCipher =>
  createDataCipher(globalThis.crypto, key, user.id, user.v1Binding);

export type ProviderOptions = {
  /** Who is signed in (default TEST_USER); null for a visitor. */
  account?: SessionUser | null;
  /** The data key in this browser; without one a signed-in person's key is locked. */
  dataKey?: CryptoKey | null;
  /** The router's location: a path, or a location with route state (what a navigate() call would send). */
  route?: InitialEntry;
} & Omit<RenderOptions, 'wrapper' | 'queries'>;

/**
 * Renders `ui` inside what the app's root gives it (see app/RootLayout.tsx): a router,
 * the dialog queue, and fake session, data key and login-dialog contexts. Returns Testing Library's
 * queries, a user-event `user`, and the login dialogs asked for.
 */
export function renderWithProviders(
  ui: ReactElement,
  { account = TEST_USER, dataKey = null, route = '/', ...options }: ProviderOptions = {},
) {
  const session: Session = {
    status: account ? 'signed-in' : 'signed-out',
    user: account,
    startSession: () => undefined,
    updateUser: () => undefined,
    endSession: () => undefined,
  };
  const keyState: DataKeyState = {
    status: !account ? 'signed-out' : dataKey ? 'ready' : 'locked',
    key: account ? dataKey : null,
    waitsForRecovery: false,
    requestUnlock: async () => account !== null && dataKey !== null,
    openWithKek: async () => false,
  };
  const loginRequests: { mode?: LoginMode; email?: string }[] = [];
  const authDialogs: AuthDialogs = { openLogin: (request = {}) => void loginRequests.push(request) };

  function Providers({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[route]}>
        <DialogProvider>
          <SessionContext.Provider value={session}>
            <DataKeyContext.Provider value={keyState}>
              <AuthDialogsContext.Provider value={authDialogs}>{children}</AuthDialogsContext.Provider>
            </DataKeyContext.Provider>
          </SessionContext.Provider>
        </DialogProvider>
      </MemoryRouter>
    );
  }

  return {
    user: userEvent.setup(),
    queryClient,
    loginRequests,
    ...render(ui, { wrapper: Providers, ...options }),
  };
}
