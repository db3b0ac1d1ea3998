import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/** Requests arriving through a proxy at 127.0.0.1, each with a different address forged by the client. */
const REQUESTS = 300;
let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function preloginsWithForgedAddresses(): Promise<number> {
  const replies = await Promise.all(
    Array.from({ length: REQUESTS }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/prelogin',
        payload: { email: 'someone@example.com' },
        // The client wrote the first address; the proxy appended the address it really came from.
        headers: { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}, 203.0.113.7` },
        remoteAddress: '127.0.0.1',
      }),
    ),
  );
  return replies.filter((r) => r.statusCode === 200).length;
}

describe('TRUST_PROXY', () => {
  it('with a hop count, limits by the address the proxy saw, whatever the client forged', async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    expect(await preloginsWithForgedAddresses()).toBe(t.deps.config.rateLimits.authPerIp);
  });

  it("with the proxy's address, does the same", async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    expect(await preloginsWithForgedAddresses()).toBe(t.deps.config.rateLimits.authPerIp);
  });

  it('without a proxy, ignores the header and limits by the connection', async () => {
    t = await startTestApp();
    expect(await preloginsWithForgedAddresses()).toBe(t.deps.config.rateLimits.authPerIp);
  });

  it('refuses "true", which would believe any address a client writes, and says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: must be false, the number of proxies/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
