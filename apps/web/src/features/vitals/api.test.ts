import type { VitalBody } from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendVital } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendVital', () => {
  it('posts the report as JSON with keepalive and without any token', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const body: VitalBody = { name: 'LCP', value: 1234, rating: 'good', id: 'v5-1', page: '/' };
    await sendVital(body);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/vitals');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(body) });
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
  });
});
