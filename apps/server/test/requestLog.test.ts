import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSerializers } from '../src/http/requestLog.ts';
import { startTestApp, type TestApp } from './helpers.ts';

type Line = {
  msg: string;
  reqId?: string;
  req?: { method: string; route: string };
  res?: { statusCode: number };
};

describe('request log', () => {
  let t: TestApp;
  const lines: Line[] = [];
  const raw: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      logger: {
        level: 'info',
        serializers: requestSerializers,
        stream: {
          write(line: string) {
            raw.push(line);
            lines.push(JSON.parse(line) as Line);
          },
        },
      },
    });
  });
  afterAll(() => t.close());

  it('writes one line per answered request: method, route pattern and status, never the raw URL', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/whoami?email=ada@example.com' });
    expect(reply.statusCode).toBe(401);
    const ofRequest = lines.filter((line) => line.reqId && line.req?.route === '/api/whoami');
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', route: '/api/whoami' },
      res: { statusCode: 401 },
    });
    expect(raw.join('')).not.toContain('ada@example.com');
  });

  it('writes a line for a request the client gives up on before the reply', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers that promise a body, and only the start of it: the server waits for the rest.
    socket.write(
      'POST /api/auth/prelogin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"email":"bo@',
    );
    await expect
      .poll(() => lines.some((line) => line.req?.route === '/api/auth/prelogin'), { timeout: 2000 })
      .toBe(false);
    socket.destroy();
    await expect
      .poll(() => lines.filter((line) => line.req?.route === '/api/auth/prelogin').map((line) => line.msg), {
        timeout: 5000,
      })
      .toEqual(['request aborted']);
    expect(raw.join('')).not.toContain('bo@');
  });
});
