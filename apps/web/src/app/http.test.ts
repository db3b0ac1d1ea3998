import { messageReplySchema, sessionUserSchema } from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, BAD_REPLY, errorMessage, http, request } from './http.ts';
import { nextTask } from './nextTask.ts';

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

const okSchema = z.object({ ok: z.boolean() });
/** For the cases about sending and errors, where what the reply holds does not matter. */
const anyReply = z.unknown();

describe('request', () => {
  it('sends JSON with the stored bearer token and returns the parsed reply', async () => {
    const d = deps(json(200, { ok: true }), 'tok');
    await expect(request('/api/x', okSchema, { method: 'POST', body: { a: 1 } }, d)).resolves.toEqual({
      ok: true,
    });
    const [path, init] = d.calls.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json' });
  });

  it('starts a read in a task of its own, and a write at once (a save made as the page closes must leave)', async () => {
    const read = deps(json(200, { ok: true }));
    const write = deps(json(200, { ok: true }));
    const reading = request('/api/x', okSchema, {}, read);
    const writing = request('/api/x', okSchema, { method: 'PUT', body: {} }, write);
    await Promise.resolve();
    expect(read.calls.calls).toHaveLength(0);
    expect(write.calls.calls).toHaveLength(1);
    await nextTask();
    expect(read.calls.calls).toHaveLength(1);
    await expect(Promise.all([reading, writing])).resolves.toEqual([{ ok: true }, { ok: true }]);
  });

  it('sends no content type and no body for a body-less POST, and no token when none is stored', async () => {
    const d = deps(json(200, {}));
    await request('/api/auth/logout', anyReply, { method: 'POST' }, d);
    const [, init] = d.calls.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('returns undefined for 204 when the schema reads nothing', async () => {
    await expect(
      request(
        '/api/vitals',
        anyReply,
        { method: 'POST', body: {} },
        deps(new Response(null, { status: 204 })),
      ),
    ).resolves.toBeUndefined();
  });

  it("turns an error reply into ApiError with the reply's detail and code", async () => {
    const error = await request(
      '/api/auth/login',
      anyReply,
      {},
      deps(json(403, { detail: 'Not yet', code: 'email_not_confirmed' })),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, detail: 'Not yet', code: 'email_not_confirmed' });
  });

  it('falls back to the status text when the reply has no detail', async () => {
    const reply = new Response('oops', { status: 502, statusText: 'Bad Gateway' });
    await expect(request('/x', anyReply, {}, deps(reply))).rejects.toMatchObject({
      status: 502,
      detail: 'Bad Gateway',
    });
  });

  it('turns a failed fetch into a network error', async () => {
    await expect(request('/x', okSchema, {}, deps(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      status: 0,
      detail: 'Network error. Please try again.',
    });
  });
});

describe('reply schemas', () => {
  const user = {
    email: 'ada@example.com',
    name: 'Ada',
    role: 'user',
    isAdmin: false,
    sub: 'ada@example.com',
    id: 'u1',
    contentBinding: 2,
    v1Binding: null,
  };

  it("returns the schema's output: a valid reply parsed, fields it does not name left out", async () => {
    const reply = await request(
      '/api/whoami',
      sessionUserSchema,
      {},
      deps(json(200, { ...user, extra: 'x' })),
    );
    expect(reply).toEqual(user);
    expect(reply).not.toHaveProperty('extra');
  });

  it('refuses a reply the schema does not accept, as ApiError with a readable detail', async () => {
    const error = await request(
      '/api/whoami',
      sessionUserSchema,
      {},
      deps(json(200, { ...user, isAdmin: 'yes' })),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      detail: 'The server sent an answer SAM does not understand. Please reload the page.',
      code: 'bad_reply',
    });
    expect(error).toMatchObject(BAD_REPLY);
    expect(error.cause).toBeInstanceOf(z.ZodError);
    expect(errorMessage(error, 'Could not load')).toBe(BAD_REPLY.detail);
  });

  it('refuses a reply that is not JSON, or empty, when the schema expects a body', async () => {
    await expect(
      request('/x', messageReplySchema, {}, deps(new Response('<html>', { status: 200 }))),
    ).rejects.toMatchObject(BAD_REPLY);
    await expect(
      request('/x', messageReplySchema, {}, deps(new Response(null, { status: 204 }))),
    ).rejects.toMatchObject(BAD_REPLY);
  });

  it('checks an error reply for its detail only, not against the schema', async () => {
    await expect(
      request('/x', messageReplySchema, {}, deps(json(404, { detail: 'No such thing', code: 'not_found' }))),
    ).rejects.toMatchObject({ status: 404, detail: 'No such thing', code: 'not_found' });
  });
});

describe('http', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends each method with its body and parses the reply with the schema given', async () => {
    const fetch = vi.fn(async () => json(200, { message: 'Done', extra: 1 }));
    vi.stubGlobal('fetch', fetch);
    await expect(http.get('/api/a', messageReplySchema)).resolves.toEqual({ message: 'Done' });
    await expect(http.post('/api/b', messageReplySchema, { b: 1 })).resolves.toEqual({ message: 'Done' });
    await expect(http.put('/api/c', messageReplySchema, { c: 1 })).resolves.toEqual({ message: 'Done' });
    await expect(http.delete('/api/d', messageReplySchema)).resolves.toEqual({ message: 'Done' });
    const sent = (fetch.mock.calls as unknown as [string, RequestInit][]).map(([path, init]) => [
      path,
      init.method,
      init.body,
    ]);
    expect(sent).toEqual([
      ['/api/a', 'GET', undefined],
      ['/api/b', 'POST', '{"b":1}'],
      ['/api/c', 'PUT', '{"c":1}'],
      ['/api/d', 'DELETE', undefined],
    ]);
  });

  it('refuses a reply of the wrong shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { progress: 'none' })),
    );
    await expect(http.get('/api/a', messageReplySchema)).rejects.toMatchObject(BAD_REPLY);
  });
});

describe('errorMessage', () => {
  it("prefers the server's detail and falls back to the screen's default", () => {
    expect(errorMessage(new ApiError(400, 'Bad code'), 'Verification failed')).toBe('Bad code');
    expect(errorMessage(new Error('boom'), 'Verification failed')).toBe('Verification failed');
  });
});
