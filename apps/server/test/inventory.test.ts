import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'inventory@example.com');
});
afterEach(async () => {
  await t.close();
});

const CIPHERTEXT = Buffer.from('iv-and-ciphertext-of-three-resentments').toString('base64');
const marker = (completed: boolean) => ({
  _type: 'completion_status',
  completed,
  timestamp: '2026-11-21T10:00:00.000Z',
});
const encrypted = (overrides: Record<string, unknown> = {}) => ({
  inventory_type: 'resentments',
  version: 'resentments-current',
  items: [marker(true)],
  encryptedData: CIPHERTEXT,
  encrypted: true,
  entry_count: 3,
  ...overrides,
});
const del = (payload: unknown, auth = token) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/delete_inventory',
    payload: payload as object,
    headers: { authorization: `Bearer ${auth}` },
  });

describe('encrypted inventories', () => {
  it('stores the ciphertext with the readable marker and count, and lists the version', async () => {
    const saved = await post(t, '/api/save_inventory_encrypted', encrypted(), token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      encrypted: true,
      encryptedData: CIPHERTEXT,
      entry_count: 3,
      completed: true,
    });

    const read = (await get(t, '/api/get_inventory_encrypted/resentments/resentments-current', token)).json();
    expect(read).toMatchObject({ items: [marker(true)], encryptedData: CIPHERTEXT, encrypted: true });
    const versions = (await get(t, '/api/list_inventory_versions/resentments', token)).json().versions;
    expect(versions).toEqual([
      { version: 'resentments-current', entry_count: 3, completed: true, updated_at: expect.any(String) },
    ]);
    expect((await get(t, '/api/list_inventory_versions/fears', token)).json().versions).toEqual([]);
  });

  it('reads an inventory never saved as empty and not started', async () => {
    const res = await get(t, '/api/get_inventory_encrypted/fears/fears-current', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], entry_count: 0, completed: false, encrypted: false });
  });

  it('is never complete with no entries', async () => {
    const res = await post(t, '/api/save_inventory_encrypted', encrypted({ entry_count: 0 }), token);
    expect(res.json().completed).toBe(false);
  });

  it('refuses plain entries beside the ciphertext, bad types and forged versions, changing nothing', async () => {
    const bad = [
      encrypted({ items: [{ who: 'my boss', why: 'private' }] }),
      encrypted({ items: [marker(true), marker(false)] }),
      encrypted({ inventory_type: 'secrets' }),
      encrypted({ version: '../../etc/passwd' }),
      encrypted({ encrypted: false }),
      encrypted({ encryptedData: 'not base64 at all!' }),
      encrypted({ entry_count: -1 }),
      encrypted({ entry_count: 'many' }),
    ];
    for (const body of bad) {
      const res = await post(t, '/api/save_inventory_encrypted', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await get(t, '/api/get_inventory/secrets/x', token)).statusCode).toBe(400);
    expect((await get(t, '/api/list_inventory_versions/resentments', token)).json().versions).toEqual([]);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await post(
      t,
      '/api/save_inventory_encrypted',
      encrypted({ encryptedData: 'A'.repeat(4_300_000) }),
      token,
    );
    expect(res.statusCode).toBe(413);
  });

  it('deletes (Start Over) and answers 404 for an inventory that is not there', async () => {
    await post(t, '/api/save_inventory_encrypted', encrypted(), token);
    expect((await del({ inventory_type: 'resentments' })).statusCode).toBe(200);
    expect(
      (await get(t, '/api/get_inventory_encrypted/resentments/resentments-current', token)).json()
        .entry_count,
    ).toBe(0);
    expect((await del({ inventory_type: 'resentments' })).statusCode).toBe(404);
  });

  it("keeps another user's inventory unreachable", async () => {
    await post(t, '/api/save_inventory_encrypted', encrypted(), token);
    const other = await newUser(t, 'other@example.com');
    const read = (await get(t, '/api/get_inventory_encrypted/resentments/resentments-current', other)).json();
    expect(read.entry_count).toBe(0);
    expect(read.encryptedData).toBeUndefined();
    expect((await del({ inventory_type: 'resentments' }, other)).statusCode).toBe(404);
    expect(
      (await get(t, '/api/get_inventory_encrypted/resentments/resentments-current', token)).json()
        .entry_count,
    ).toBe(3);
    expect((await get(t, '/api/list_inventory_versions/resentments')).statusCode).toBe(401);
  });
});

describe('the plain save of the spec contract', () => {
  it('counts entries apart from the marker and reads back the items', async () => {
    const items = [{ fear: 'being found out', why: 'shame', impacts: ['pride'] }, marker(false)];
    const saved = await post(t, '/api/save_inventory', { inventory_type: 'fears', items }, token);
    expect(saved.json()).toMatchObject({
      version: 'fears-current',
      entry_count: 1,
      completed: false,
      encrypted: false,
    });
    expect((await get(t, '/api/get_inventory/fears/fears-current', token)).json().items).toEqual(items);
  });
});
