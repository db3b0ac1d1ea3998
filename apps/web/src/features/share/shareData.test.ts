import { circlesVersionPlace, SHARE_MESSAGES } from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataCipher } from '../../crypto/index.ts';
import { generateShareDocument } from './shareData.ts';

const key = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]) as Promise<CryptoKey>;
const at = '2026-03-05T10:00:00.000Z';

function serve(replies: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = Object.keys(replies).find((p) => url.startsWith(p));
    return new Response(JSON.stringify(path ? replies[path] : {}), { status: path ? 200 : 404 });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the My Three Circles document, made in this browser', () => {
  const circles = (inner: string[]) => ({
    circles: { inner: inner.map((text, i) => ({ id: `i${i}`, text })), middle: [], outer: [] },
  });

  it('shows the newest circles and the running day count', async () => {
    const cipher = createDataCipher(crypto, await key(), 'user-1');
    const record = { periods: [{ id: 'p1', start: '2026-03-01', end: null }] };
    serve({
      '/api/circles': {
        versions: [
          {
            version: 2,
            createdAt: at,
            ciphertext: await cipher.encrypt(circles(['Newest item']), circlesVersionPlace(2)),
          },
          {
            version: 1,
            createdAt: at,
            ciphertext: await cipher.encrypt(circles(['Old item']), circlesVersionPlace(1)),
          },
        ],
      },
      '/api/abstinence': {
        abstinence: { ciphertext: await cipher.encrypt(record, 'abstinence'), revision: 1, updatedAt: at },
      },
    });
    const made = await generateShareDocument('three-circles', cipher, 'me@example.com', '2026-03-05');
    if (made.kind !== 'document') throw new Error(made.message);
    expect(made.html).toContain('<h1>My Three Circles</h1>');
    expect(made.html).toContain('<li>Newest item</li>');
    expect(made.html).not.toContain('Old item');
    expect(made.html).toContain('<dt>Abstinent for</dt><dd>4 days</dd>');
  });

  it('says so when the circles are empty, and leaves the count out when the dates cannot be read', async () => {
    const cipher = createDataCipher(crypto, await key(), 'user-1');
    const other = createDataCipher(crypto, await key(), 'user-1');
    const abstinence = {
      abstinence: {
        ciphertext: await other.encrypt(
          { periods: [{ id: 'p', start: '2026-01-01', end: null }] },
          'abstinence',
        ),
        revision: 1,
        updatedAt: at,
      },
    };
    serve({ '/api/circles': { versions: [] }, '/api/abstinence': abstinence });
    expect(await generateShareDocument('three-circles', cipher, null, '2026-03-05')).toEqual({
      kind: 'nothing',
      message: SHARE_MESSAGES.nothingInCircles,
    });
    serve({
      '/api/circles': {
        versions: [
          {
            version: 1,
            createdAt: at,
            ciphertext: await cipher.encrypt(circles(['Item']), circlesVersionPlace(1)),
          },
        ],
      },
      '/api/abstinence': abstinence,
    });
    const made = await generateShareDocument('three-circles', cipher, null, '2026-03-05');
    expect(made.kind === 'document' && made.html).toContain('<li>Item</li>');
    expect(made.kind === 'document' && made.html).not.toContain('Abstinent for');
  });

  it('is not made from empty circles when the newest version cannot be read', async () => {
    const cipher = createDataCipher(crypto, await key(), 'user-1');
    const other = createDataCipher(crypto, await key(), 'user-1');
    serve({
      '/api/circles': {
        versions: [
          {
            version: 1,
            createdAt: at,
            ciphertext: await cipher.encrypt(circles(['Mine']), circlesVersionPlace(1)),
          },
          {
            version: 2,
            createdAt: at,
            ciphertext: await other.encrypt(circles(['Other']), circlesVersionPlace(2)),
          },
        ],
      },
      '/api/abstinence': { abstinence: null },
    });
    await expect(generateShareDocument('three-circles', cipher, null, '2026-03-05')).rejects.toThrow();
  });
});
