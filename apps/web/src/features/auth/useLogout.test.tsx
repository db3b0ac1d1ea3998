// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { messageReplySchema, STORAGE_KEYS } from '@sam/core';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../app/http.ts';
import { renderWithProviders, TEST_USER } from '../../testing/renderWithProviders.tsx';
import { type UnsavedWork, UnsavedWorkContext, unsavedWorkRegistry } from '../drafts/unsavedWork.ts';
import { type Logout, useLogout } from './useLogout.ts';

const TOKEN = 'token-of-this-device';

/** Every fetch the page makes: its path, its authorization header, and what storage held at that moment. */
type Sent = { path: string; authorization: string | null; keepalive: boolean; storedToken: string | null };

let sent: Sent[];
beforeEach(() => {
  sent = [];
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.authToken, TOKEN);
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(TEST_USER));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      sent.push({
        path,
        authorization: headers.get('authorization'),
        keepalive: init.keepalive === true,
        storedToken: localStorage.getItem(STORAGE_KEYS.authToken),
      });
      return new Response(JSON.stringify({ message: 'ok' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders the hook where the app's leave guard would be, with `works` registered as the page's writing. */
async function renderLogout(works: UnsavedWork[] = []) {
  const registry = unsavedWorkRegistry(null);
  for (const work of works) registry.add(work);
  const holder: { logout: Logout | null } = { logout: null };
  function Probe() {
    holder.logout = useLogout();
    return null;
  }
  const view = renderWithProviders(
    <UnsavedWorkContext.Provider value={registry}>
      <Probe />
    </UnsavedWorkContext.Provider>,
  );
  // The menu opened: the device's drafts are listed ahead (there are none here).
  await act(async () => {
    holder.logout?.prepare();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return { ...view, logout: () => holder.logout?.() };
}

const logoutRequests = () => sent.filter((s) => s.path === '/api/auth/logout');

describe('useLogout', () => {
  it('takes the sign-in out of storage in the tap itself, revokes it, and only then says so', async () => {
    const { logout } = await renderLogout();
    act(() => logout());
    // Synchronously, before any await: a tab closed now is signed out, and the revoke is on its way.
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(logoutRequests()).toEqual([
      { path: '/api/auth/logout', authorization: `Bearer ${TOKEN}`, keepalive: true, storedToken: null },
    ]);
    expect(await screen.findByRole('dialog', { name: 'You are logged out' })).toBeTruthy();
    expect(screen.getByText(/Your writing and your key are no longer on this device/)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.hasAccount)).toBe('true');
  });

  it('saves unsaved writing through its own save first, with the token held in the page only', async () => {
    let unsaved = true;
    const work: UnsavedWork = {
      unsaved: () => unsaved,
      flush: async () => {
        await request('/api/progress/step', messageReplySchema, { method: 'POST', body: {} });
        unsaved = false;
        return true;
      },
      keptOn: 'device',
    };
    const { logout } = await renderLogout([work]);
    act(() => logout());
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'You are logged out' }, { timeout: 3000 })).toBeTruthy();
    expect(sent.map((s) => s.path)).toEqual(['/api/progress/step', '/api/auth/logout']);
    expect(sent[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, storedToken: null });
    expect(screen.queryByRole('dialog', { name: 'Some writing is not saved yet' })).toBeNull();
  });

  it('asks when writing cannot be saved: "Keep writing" puts the sign-in back and revokes nothing', async () => {
    const work: UnsavedWork = { unsaved: () => true, flush: async () => false, keptOn: 'device' };
    const { logout, user } = await renderLogout([work]);
    act(() => logout());
    const ask = await screen.findByRole('dialog', { name: 'Some writing is not saved yet' });
    expect(ask.textContent).toContain('Logging out deletes it from this device.');
    await user.click(screen.getByRole('button', { name: 'Keep writing' }));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}').id).toBe(TEST_USER.id);
    expect(logoutRequests()).toEqual([]);

    act(() => logout());
    await screen.findByRole('dialog', { name: 'Some writing is not saved yet' });
    await user.click(screen.getByRole('button', { name: 'Log out anyway' }));
    expect(await screen.findByRole('dialog', { name: 'You are logged out' })).toBeTruthy();
    expect(logoutRequests()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('sends the revoke when the page is closed while it asks', async () => {
    const work: UnsavedWork = { unsaved: () => true, flush: async () => false, keptOn: 'device' };
    const { logout } = await renderLogout([work]);
    act(() => logout());
    await screen.findByRole('dialog', { name: 'Some writing is not saved yet' });
    expect(logoutRequests()).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(logoutRequests()).toEqual([
      { path: '/api/auth/logout', authorization: `Bearer ${TOKEN}`, keepalive: true, storedToken: null },
    ]);
  });
});
