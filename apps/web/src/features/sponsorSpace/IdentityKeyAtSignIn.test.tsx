// @vitest-environment jsdom
import type { IdentityKeyRecord } from '@sam/core';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders, testDataKey } from '../../testing/renderWithProviders.tsx';
import { IdentityKeyAtSignIn } from './IdentityKeyAtSignIn.tsx';

function identityKeyServer() {
  let stored: IdentityKeyRecord | null = null;
  const server = fakeServer({
    'GET /api/user/identity-key': () => ({ identityKey: stored }),
    'PUT /api/user/identity-key': ({ body }) => {
      stored = body as IdentityKeyRecord;
      return { identityKey: stored };
    },
  });
  return { server, stored: () => stored };
}

describe('the identity key at sign-in', () => {
  it('is made and stored once the data key is open', async () => {
    const { server, stored } = identityKeyServer();
    renderWithProviders(<IdentityKeyAtSignIn />, { dataKey: await testDataKey() });
    await waitFor(() => expect(stored()?.publicKey).toHaveLength(88));
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});
