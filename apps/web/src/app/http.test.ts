import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage, request } from './http.ts';

function deps(reply: Response | Error, token: string | null = null) {
  const fetch = vi.fn(async () => {
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: { getItem: () => token },
    calls: fetch.mock,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('request', () => {
  it('sends JSON with the stored bearer token and returns the parsed reply', async () => {
    const d = deps(json(200, { ok: true }), 'tok');
    await expect(request('/api/x', { method: 'POST', body: { a: 1 } }, d)).resolves.toEqual({ ok: true });
    const [path, init] = d.calls.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json' });
  });

  it('sends no content type and no body for a body-less POST, and no token when none is stored', async () => {
    const d = deps(json(200, {}));
    await request('/api/auth/logout', { method: 'POST' }, d);
    const [, init] = d.calls.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('sends an anonymous request without the stored token', async () => {
    const d = deps(new Response(null, { status: 204 }), 'tok');
    await request('/api/vitals', { method: 'POST', body: {}, anonymous: true }, d);
    const [, init] = d.calls.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('returns undefined for 204', async () => {
    await expect(
      request('/api/vitals', { method: 'POST', body: {} }, deps(new Response(null, { status: 204 }))),
    ).resolves.toBeUndefined();
  });

  it("turns an error reply into ApiError with the reply's detail and code", async () => {
    const error = await request(
      '/api/auth/login',
      {},
      deps(json(403, { detail: 'Not yet', code: 'email_not_confirmed' })),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, detail: 'Not yet', code: 'email_not_confirmed' });
  });

  it('falls back to the status text when the reply has no detail', async () => {
    const reply = new Response('oops', { status: 502, statusText: 'Bad Gateway' });
    await expect(request('/x', {}, deps(reply))).rejects.toMatchObject({
      status: 502,
      detail: 'Bad Gateway',
    });
  });

  it('turns a failed fetch into a network error', async () => {
    await expect(request('/x', {}, deps(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      status: 0,
      detail: 'Network error. Please try again.',
    });
  });
});

describe('errorMessage', () => {
  it("prefers the server's detail and falls back to the screen's default", () => {
    expect(errorMessage(new ApiError(400, 'Bad code'), 'Verification failed')).toBe('Bad code');
    expect(errorMessage(new Error('boom'), 'Verification failed')).toBe('Verification failed');
  });
});
