import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from '../src/features/inventory/service.ts';
import { get, newUser, post, startTestApp, type TestApp, userIdOf } from './helpers.ts';

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
    expect(saved.json()).toMatchObject({ encrypted: true, entry_count: 3, completed: true });
    // The save's reply leaves out the ciphertext its own request carried.
    expect(saved.json()).not.toHaveProperty('encryptedData');
    expect(saved.body).not.toContain(CIPHERTEXT);

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

describe('inventories saved in the clear by an older client', () => {
  const entries = [{ fear: 'being found out', why: 'shame', impacts: ['pride'] }, marker(false)];
  const saveReadable = async (
    type: string,
    version: string,
    items: unknown[],
    email = 'inventory@example.com',
  ) =>
    t.db
      .insertInto('inventories')
      .values({
        user_id: await userIdOf(t, email),
        inventory_type: type as 'fears',
        version,
        items: JSON.stringify(items),
        encrypted_data: null,
        encrypted: 0,
        entry_count: items.length - 1,
        completed: 0,
        updated_at: Date.UTC(2025, 0, 2),
      })
      .execute();
  const readable = async (auth = token) => (await get(t, '/api/inventory/readable', auth)).json().inventories;
  const stored = () =>
    t.db.selectFrom('inventories').selectAll().orderBy('inventory_type').orderBy('version').execute();

  it('can no longer be sent: the plain save is gone, and nothing is stored', async () => {
    const res = await post(t, '/api/save_inventory', { inventory_type: 'fears', items: entries }, token);
    expect(res.statusCode).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it("are listed for their owner only, and each takes the owner's ciphertext in its place", async () => {
    await saveReadable('fears', 'fears-current', entries);
    await saveReadable('harms', 'harms-earlier-1735776000000', [{ whoHarmed: 'my brother' }, marker(false)]);
    await newUser(t, 'other@example.com');
    await saveReadable('fears', 'fears-current', [{ fear: 'theirs' }, marker(false)], 'other@example.com');
    expect(await readable()).toEqual([
      { inventory_type: 'fears', version: 'fears-current', items: entries },
      {
        inventory_type: 'harms',
        version: 'harms-earlier-1735776000000',
        items: [{ whoHarmed: 'my brother' }, marker(false)],
      },
    ]);

    for (const [inventory_type, version, entry_count] of [
      ['fears', 'fears-current', 1],
      ['harms', 'harms-earlier-1735776000000', 1],
    ] as const) {
      const body = encrypted({ inventory_type, version, entry_count, items: [marker(false)] });
      const res = await post(t, '/api/inventory/encrypt-readable', body, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ inventory_type, version, encrypted: true, entry_count });
    }
    expect(await readable()).toEqual([]);
    const mine = (await stored()).filter((row) => row.encrypted === 1);
    expect(mine).toHaveLength(2);
    for (const row of mine) {
      expect(row).toMatchObject({ encrypted_data: CIPHERTEXT, items: JSON.stringify([marker(false)]) });
      // The writing did not change, so its date stays.
      expect(Number(row.updated_at)).toBe(Date.UTC(2025, 0, 2));
    }
    expect(JSON.stringify(await stored())).not.toContain('my brother');
    // The other person's readable inventory is theirs to encrypt.
    expect((await readable(await newUser(t, 'third@example.com'))).length).toBe(0);
    expect(JSON.stringify(await stored())).toContain('theirs');
  });

  it('never replace a save made meanwhile, nor bring back a deleted one', async () => {
    await saveReadable('fears', 'fears-current', entries);
    const newer = Buffer.from('a newer save from another device').toString('base64');
    const fears = { inventory_type: 'fears', version: 'fears-current' };
    await post(t, '/api/save_inventory_encrypted', encrypted({ ...fears, encryptedData: newer }), token);
    const late = await post(t, '/api/inventory/encrypt-readable', encrypted(fears), token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: INVENTORY_MESSAGES.notReadable, code: 'changed_meanwhile' });
    expect((await stored())[0]?.encrypted_data).toBe(newer);

    const gone = await post(
      t,
      '/api/inventory/encrypt-readable',
      encrypted({ inventory_type: 'harms', version: 'harms-current' }),
      token,
    );
    expect(gone.statusCode).toBe(409);
    expect(await stored()).toHaveLength(1);
  });

  it('take only ciphertext back: readable entries or a missing version are refused', async () => {
    await saveReadable('fears', 'fears-current', entries);
    for (const body of [
      encrypted({ inventory_type: 'fears', version: 'fears-current', items: entries }),
      encrypted({ inventory_type: 'fears', version: 'fears-current', encryptedData: 'being found out' }),
      encrypted({ inventory_type: 'fears', version: undefined }),
    ]) {
      const res = await post(t, '/api/inventory/encrypt-readable', body, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect(await readable()).toHaveLength(1);
  });
});

describe('earlier versions', () => {
  const earlier = (n: number, overrides: Record<string, unknown> = {}) =>
    encrypted({ version: `resentments-earlier-${1_767_225_600_000 + n}`, entry_count: n, ...overrides });
  const versionsOf = async (type: string, auth = token) =>
    (await get(t, `/api/list_inventory_versions/${type}`, auth)).json().versions as { version: string }[];

  it('keeps up to 20 per inventory and refuses a 21st with a readable 409, changing nothing', async () => {
    await post(t, '/api/save_inventory_encrypted', encrypted(), token);
    for (let n = 1; n <= 20; n++) {
      const res = await post(t, '/api/save_inventory_encrypted', earlier(n), token);
      expect(res.statusCode, `version ${n}`).toBe(200);
    }
    const refused = await post(t, '/api/save_inventory_encrypted', earlier(21), token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail:
        'SAM keeps up to 20 earlier versions of each inventory, and this one has 20. Please delete an earlier version under "Earlier versions" first, then try again.',
      code: 'too_many_versions',
    });
    expect(await versionsOf('resentments')).toHaveLength(21);

    // The current version, an existing earlier one and other inventories can still be saved.
    expect(
      (await post(t, '/api/save_inventory_encrypted', encrypted({ entry_count: 9 }), token)).statusCode,
    ).toBe(200);
    expect(
      (await post(t, '/api/save_inventory_encrypted', earlier(5, { entry_count: 50 }), token)).statusCode,
    ).toBe(200);
    const fears = encrypted({ inventory_type: 'fears', version: 'fears-earlier-1' });
    expect((await post(t, '/api/save_inventory_encrypted', fears, token)).statusCode).toBe(200);

    // Deleting one makes room again.
    expect(
      (await del({ inventory_type: 'resentments', version: 'resentments-earlier-1767225600003' })).statusCode,
    ).toBe(200);
    expect((await post(t, '/api/save_inventory_encrypted', earlier(21), token)).statusCode).toBe(200);
    const names = (await versionsOf('resentments')).map((v) => v.version);
    expect(names).toHaveLength(21);
    expect(names).toContain('resentments-current');
    expect(names).not.toContain('resentments-earlier-1767225600003');
  });

  it("counts each person's versions apart", async () => {
    for (let n = 1; n <= 20; n++) await post(t, '/api/save_inventory_encrypted', earlier(n), token);
    const other = await newUser(t, 'other@example.com');
    expect((await post(t, '/api/save_inventory_encrypted', earlier(1), other)).statusCode).toBe(200);
    expect(await versionsOf('resentments', other)).toHaveLength(1);
  });

  it("keeps another person's earlier version unreadable and undeletable", async () => {
    await post(t, '/api/save_inventory_encrypted', earlier(7), token);
    const version = 'resentments-earlier-1767225600007';
    const other = await newUser(t, 'other@example.com');
    const read = (await get(t, `/api/get_inventory_encrypted/resentments/${version}`, other)).json();
    expect(read).toMatchObject({ entry_count: 0, items: [] });
    expect(read.encryptedData).toBeUndefined();
    expect(await versionsOf('resentments', other)).toEqual([]);
    expect((await del({ inventory_type: 'resentments', version }, other)).statusCode).toBe(404);
    const mine = (await get(t, `/api/get_inventory_encrypted/resentments/${version}`, token)).json();
    expect(mine).toMatchObject({ version, encryptedData: CIPHERTEXT, entry_count: 7 });
  });

  it('refuses bad version names with 400 on every route', async () => {
    const bad = ['Resentments-Earlier-1', '-earlier-1', 'resentments_earlier_1', 'a'.repeat(61), 'x y', ''];
    for (const version of bad) {
      const saved = await post(t, '/api/save_inventory_encrypted', encrypted({ version }), token);
      expect(saved.statusCode, version).toBe(400);
      expect(saved.json().detail, version).toMatch(/version/);
      expect((await del({ inventory_type: 'resentments', version })).statusCode, version).toBe(400);
    }
    for (const version of ['Resentments-Earlier-1', 'x%20y', '..%2Fcurrent']) {
      const read = await get(t, `/api/get_inventory_encrypted/resentments/${version}`, token);
      expect(read.statusCode, version).toBe(400);
      expect(read.json().detail).toMatch(/version/i);
    }
    expect(await versionsOf('resentments')).toEqual([]);
  });
});
