import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RESTORE_RUNNING, RESTORES_PER_HOUR } from '../src/features/backup/service.ts';
import { newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('a body trickled in byte by byte', () => {
  it('is cut off with 408 once the request timeout has passed', async () => {
    t = await startTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.write(
      'POST /api/auth/prelogin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const closed = await new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 8_000);
    });
    clearInterval(trickle);
    socket.destroy();
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      detail: 'The request took too long to arrive. Please try again.',
      code: 'request_timeout',
    });
  });
});

describe('restores', () => {
  const backup = { steps: [], inventories: [], overwrite: true };

  it('run one at a time per person: a restore sent while another runs is refused before its body is read', async () => {
    t = await startTestApp();
    const token = await newUser(t, 'restorer@example.com');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/backup/restore',
          payload: backup,
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(replies.every((r) => [200, 429].includes(r.statusCode))).toBe(true);
    expect(refused[0]?.json()).toEqual({ detail: RESTORE_RUNNING, code: 'restore_running' });
    expect(refused[0]?.headers['retry-after']).toBeDefined();

    // Once they are done, the next one is let in.
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
  });

  it('end their turn before the reply leaves, so a retry right after an answer is let in', async () => {
    t = await startTestApp();
    const token = await newUser(t, 'retrier@example.com');
    // A database slow to write: the turn is given back 100 ms after it is asked to be.
    const limiter = t.deps.limiter;
    const reserve = limiter.reserve.bind(limiter);
    limiter.reserve = async (...args) => {
      const endTurn = await reserve(...args);
      return async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await endTurn();
      };
    };
    const refused = await post(t, '/api/backup/restore', { steps: 'x', inventories: [] }, token);
    expect(refused.statusCode).toBe(400);
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
    expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
  });

  it(`allow ${RESTORES_PER_HOUR} an hour per person`, async () => {
    t = await startTestApp();
    const token = await newUser(t, 'often@example.com');
    for (let i = 0; i < RESTORES_PER_HOUR; i++) {
      expect((await post(t, '/api/backup/restore', backup, token)).statusCode).toBe(200);
    }
    const over = await post(t, '/api/backup/restore', backup, token);
    expect(over.statusCode).toBe(429);
    const other = await newUser(t, 'other@example.com');
    expect((await post(t, '/api/backup/restore', backup, other)).statusCode).toBe(200);
  });
});
