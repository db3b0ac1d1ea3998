// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, TEST_USER } from '../../testing/renderWithProviders.tsx';
import { DataKeyContext, type DataKeyState } from './dataKeyContext.ts';
import { RequireDataKey } from './RequireDataKey.tsx';

/** A locked key as the provider gives it, counting the unlocks asked for. */
function lockedKey(waitsForRecovery: boolean) {
  const unlocks: string[] = [];
  const state: DataKeyState = {
    status: 'locked',
    key: null,
    waitsForRecovery,
    requestUnlock: async () => {
      unlocks.push('asked');
      return false;
    },
    openWithKek: async () => false,
  };
  const wrap = (children: ReactNode) => (
    <DataKeyContext.Provider value={state}>{children}</DataKeyContext.Provider>
  );
  return { unlocks, wrap };
}

describe('RequireDataKey when the key is not in this browser', () => {
  it('asks for the password when the password opens the key', async () => {
    const { wrap, unlocks } = lockedKey(false);
    const { user } = renderWithProviders(wrap(<RequireDataKey>writing</RequireDataKey>), {
      account: TEST_USER,
    });
    expect(screen.getByRole('heading', { name: 'Your writing is locked in this browser' })).toBeTruthy();
    expect(screen.getByText(/Enter your password once to unlock it here/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(unlocks).toEqual(['asked']);
    expect(screen.queryByText('writing')).toBeNull();
  });

  it('after a password reset whose recovery was put off, names what opens it: not the new password', async () => {
    const { wrap, unlocks } = lockedKey(true);
    const { user } = renderWithProviders(wrap(<RequireDataKey>writing</RequireDataKey>), {
      account: TEST_USER,
    });
    expect(screen.getByRole('heading', { name: 'Your writing is still locked' })).toBeTruthy();
    expect(screen.getByText(/your new password cannot open what you wrote before/)).toBeTruthy();
    expect(
      screen.getByText(/The recovery code you saved when you set up SAM can, and so can your old password/),
    ).toBeTruthy();
    expect(screen.queryByText(/Enter your password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unlock with recovery code or old password' }));
    expect(unlocks).toEqual(['asked']);
  });
});
