import {
  type EncryptReadableInventoryBody,
  type InventorySaveReply,
  inventoryPlace,
  parseInventoryPayload,
  type ReadableInventory,
} from '@sam/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http.ts';
import { createDataKey } from '../../crypto/dataKey.ts';
import { createDataCipher } from '../../crypto/index.ts';
import { webCrypto } from '../../crypto/testSupport.ts';
import { encryptReadableInventories, type ReadableInventoryApis } from './encryptReadable.ts';

const marker = { _type: 'completion_status', completed: true, timestamp: '2025-01-02T10:00:00.000Z' };
const NOW = new Date('2026-12-08T00:00:00.000Z');

/** A server holding readable inventories that, like the real one, replaces only those still readable. */
function serverWith(
  readable: ReadableInventory[],
  refuse: (body: EncryptReadableInventoryBody) => Error | null,
) {
  const stored = new Map<string, EncryptReadableInventoryBody>();
  const apis: ReadableInventoryApis = {
    readable: async () => readable.filter((r) => !stored.has(`${r.inventory_type}:${r.version}`)),
    encryptReadable: async (body) => {
      const refused = refuse(body);
      if (refused) throw refused;
      stored.set(`${body.inventory_type}:${body.version}`, body);
      return {
        inventory_type: body.inventory_type,
        version: body.version,
        items: body.items,
        encrypted: true,
        entry_count: body.entry_count,
        completed: body.items[0]?.completed ?? false,
        updated_at: NOW.toISOString(),
      } satisfies InventorySaveReply;
    },
  };
  return { apis, stored };
}

describe('encryptReadableInventories', () => {
  it('encrypts each readable inventory in this browser, bound to its version, and sends only that', async () => {
    const cipher = createDataCipher(webCrypto, await createDataKey(webCrypto), 'account-1');
    const readable: ReadableInventory[] = [
      { inventory_type: 'fears', version: 'fears-current', items: [{ fear: 'being found out' }, marker] },
      {
        inventory_type: 'harms',
        version: 'harms-earlier-1735776000000',
        items: [{ whoHarmed: 'my brother' }],
      },
    ];
    const { apis, stored } = serverWith(readable, () => null);
    const counts = await encryptReadableInventories(cipher, apis, () => NOW);
    expect(counts).toEqual({ encrypted: 2, changedMeanwhile: 0, failed: 0 });
    expect(await apis.readable()).toEqual([]);

    const fears = stored.get('fears:fears-current') as EncryptReadableInventoryBody;
    expect(fears).toMatchObject({ encrypted: true, entry_count: 1, items: [marker] });
    expect(JSON.stringify([...stored.values()])).not.toMatch(/being found out|my brother/);
    const opened = await cipher.decrypt(fears.encryptedData, inventoryPlace('fears'));
    expect(parseInventoryPayload('fears', opened)).toEqual([
      { id: 'readable-1', fear: 'being found out', why: '', impacts: [], myPart: '' },
    ]);
    const harms = stored.get('harms:harms-earlier-1735776000000') as EncryptReadableInventoryBody;
    expect(harms.items).toEqual([
      { _type: 'completion_status', completed: false, timestamp: NOW.toISOString() },
    ]);
    // Bound to its own version: it does not open as the current harms inventory.
    await expect(cipher.decrypt(harms.encryptedData, inventoryPlace('harms'))).rejects.toThrow();
    expect(
      parseInventoryPayload(
        'harms',
        await cipher.decrypt(harms.encryptedData, inventoryPlace('harms', 'harms-earlier-1735776000000')),
      ),
    ).toMatchObject([{ whoHarmed: 'my brother' }]);
  });

  it('leaves one saved meanwhile as it is, and goes on past one that fails (tried again next time)', async () => {
    const cipher = createDataCipher(webCrypto, await createDataKey(webCrypto), 'account-1');
    const readable: ReadableInventory[] = [
      { inventory_type: 'resentments', version: 'resentments-current', items: [{ who: 'a' }] },
      { inventory_type: 'fears', version: 'fears-current', items: [{ fear: 'b' }] },
      { inventory_type: 'harms', version: 'harms-current', items: [{ whoHarmed: 'c' }] },
    ];
    const { apis, stored } = serverWith(readable, (body) =>
      body.inventory_type === 'resentments'
        ? new ApiError(409, 'This inventory was saved or deleted just now.', 'changed_meanwhile')
        : body.inventory_type === 'fears'
          ? new ApiError(0, 'SAM cannot reach the server.')
          : null,
    );
    const counts = await encryptReadableInventories(cipher, apis, () => NOW);
    expect(counts).toEqual({ encrypted: 1, changedMeanwhile: 1, failed: 1 });
    expect([...stored.keys()]).toEqual(['harms:harms-current']);
  });
});
