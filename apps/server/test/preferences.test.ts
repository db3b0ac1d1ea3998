import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'prefs@example.com');
});
afterEach(async () => {
  await t.close();
});

const put = (payload: unknown, auth = token) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/program-preferences',
    payload: payload as object,
    headers: { authorization: `Bearer ${auth}` },
  });

describe('/api/user/program-preferences', () => {
  it('is null until set, then creates, reads and updates', async () => {
    const none = await get(t, '/api/user/program-preferences', token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const created = await post(
      t,
      '/api/user/program-preferences',
      { selectedPrograms: ['saa', 'AA'], primaryProgram: 'saa' },
      token,
    );
    expect(created.json()).toEqual({ selectedPrograms: ['saa', 'aa'], primaryProgram: 'saa' });
    expect((await get(t, '/api/user/program-preferences', token)).json()).toEqual(created.json());

    expect((await put({ primaryProgram: 'aa' })).json()).toEqual({
      selectedPrograms: ['saa', 'aa'],
      primaryProgram: 'aa',
    });
    expect((await put({ selectedPrograms: ['saa', 'na'] })).json()).toEqual({
      selectedPrograms: ['saa', 'na'],
      primaryProgram: 'saa',
    });
    expect(
      (
        await post(
          t,
          '/api/user/program-preferences',
          { selectedPrograms: ['ga'], primaryProgram: 'ga' },
          token,
        )
      ).statusCode,
    ).toBe(409);
  });

  it('refuses bad ids, a primary that is not selected and empty updates, changing nothing', async () => {
    await post(
      t,
      '/api/user/program-preferences',
      { selectedPrograms: ['saa'], primaryProgram: 'saa' },
      token,
    );
    const bad: Array<[string, unknown]> = [
      ['post', { selectedPrograms: ['xyz'], primaryProgram: 'xyz' }],
      ['post', { selectedPrograms: 'saa', primaryProgram: 'saa' }],
      ['put', { primaryProgram: 'na' }],
      ['put', {}],
      ['put', { selectedPrograms: [] }],
      ['put', { selectedPrograms: ['saa', 'saa'] }],
      ['put', { selectedPrograms: Array(50).fill('aa') }],
    ];
    for (const [method, body] of bad) {
      const res =
        method === 'post' ? await post(t, '/api/user/program-preferences', body, token) : await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await get(t, '/api/user/program-preferences', token)).json()).toEqual({
      selectedPrograms: ['saa'],
      primaryProgram: 'saa',
    });
  });

  it("keeps each user's preferences apart", async () => {
    await post(
      t,
      '/api/user/program-preferences',
      { selectedPrograms: ['saa'], primaryProgram: 'saa' },
      token,
    );
    const other = await newUser(t, 'other@example.com');
    expect((await get(t, '/api/user/program-preferences', other)).json()).toBeNull();
    expect((await put({ primaryProgram: 'saa' }, other)).statusCode).toBe(404);
    expect((await get(t, '/api/user/program-preferences')).statusCode).toBe(401);
  });

  it('keeps the date-tracking choice and program preferences side by side', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/preferences/date-tracking',
      payload: { date_display_opted_out: true },
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await get(t, '/api/user/program-preferences', token)).json()).toBeNull();
    await post(t, '/api/user/program-preferences', { selectedPrograms: ['na'], primaryProgram: 'na' }, token);
    expect((await get(t, '/api/progress/journey', token)).json().opted_out).toBe(true);
  });
});
