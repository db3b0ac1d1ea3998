import { describe, expect, it } from 'vitest';
import { inventoryVersionSchema } from '../schemas/inventory.ts';
import { inventoryPlace } from './entries.ts';
import {
  EARLIER_VERSIONS_FULL,
  earlierVersionName,
  earlierVersions,
  isEarlierVersion,
  MAX_EARLIER_INVENTORY_VERSIONS,
} from './versions.ts';

describe('earlier versions', () => {
  it('are named by type and time, pass the version rule and bind their ciphertext to the time', () => {
    const name = earlierVersionName('resentments', 1_767_225_600_123);
    expect(name).toBe('resentments-earlier-1767225600123');
    expect(inventoryVersionSchema.safeParse(name).success).toBe(true);
    expect(inventoryPlace('resentments', name)).toBe('inventory:resentments:1767225600123');
    expect(inventoryPlace('resentments', name)).not.toBe(inventoryPlace('resentments'));
  });
  it('are every version but the current one, listed newest first', () => {
    expect(isEarlierVersion('fears', 'fears-current')).toBe(false);
    expect(isEarlierVersion('fears', 'fears-earlier-1')).toBe(true);
    const at = (version: string, updated_at: string) => ({
      version,
      entry_count: 1,
      completed: false,
      updated_at,
    });
    const reply = {
      versions: [
        at('fears-current', '2026-11-23T10:00:00.000Z'),
        at('fears-earlier-1', '2026-11-21T10:00:00.000Z'),
        at('fears-earlier-2', '2026-11-22T10:00:00.000Z'),
      ],
    };
    expect(earlierVersions('fears', reply).map((v) => v.version)).toEqual([
      'fears-earlier-2',
      'fears-earlier-1',
    ]);
  });
  it('are capped, with a message saying what to do', () => {
    expect(MAX_EARLIER_INVENTORY_VERSIONS).toBe(20);
    expect(EARLIER_VERSIONS_FULL).toBe(
      'SAM keeps up to 20 earlier versions of each inventory, and this one has 20. Please delete an earlier version under "Earlier versions" first, then try again.',
    );
  });
});
