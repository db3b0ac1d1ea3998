import { describe, expect, it } from 'vitest';
import { parseInventoryPayload } from './entries.ts';
import { readableInventoryEntries, readableInventoryMarker } from './readable.ts';

const marker = { _type: 'completion_status', completed: true, timestamp: '2025-01-02T10:00:00.000Z' };

describe('inventories saved in the clear by an older client', () => {
  it('become entries of the encrypted shape, each with an id that stays the same on every read', () => {
    const items = [
      { who: 'my boss', why: 'passed me over', feeling: 'angry', impacts: ['pride', 'pocketbook'] },
      { id: 'e-7', who: 'my sister', myPart: 'I never called' },
      marker,
    ];
    const entries = readableInventoryEntries('resentments', items);
    expect(entries).toEqual([
      {
        id: 'readable-1',
        who: 'my boss',
        why: 'passed me over',
        feeling: 'angry',
        impacts: ['pride', 'pocketbook'],
        myPart: '',
      },
      { id: 'e-7', who: 'my sister', why: '', feeling: '', impacts: [], myPart: 'I never called' },
    ]);
    expect(readableInventoryEntries('resentments', items)).toEqual(entries);
    // What is encrypted reads back as the same entries.
    expect(parseInventoryPayload('resentments', { v: 1, entries })).toEqual(entries);
  });

  it('drops nothing: numbers, flags, a text where a list was and unknown fields are all kept', () => {
    const [entry] = readableInventoryEntries('harms', [
      {
        whoHarmed: 'my brother',
        how: 42,
        defects: 'selfish',
        alternative: 'listen',
        note: 'said sorry',
        seen: true,
      },
    ]);
    expect(entry).toEqual({
      id: 'readable-1',
      whoHarmed: 'my brother',
      how: '42',
      defects: ['selfish'],
      alternative: 'listen\n\nnote: said sorry\n\nseen: true',
    });
    const [fear] = readableInventoryEntries('fears', [{ fear: 'being alone', impacts: ['pride', 3] }]);
    expect(fear).toMatchObject({ fear: 'being alone', impacts: ['pride', '3'], why: '', myPart: '' });
  });

  it('keeps the completion marker, complete only with entries', () => {
    const now = new Date('2026-12-08T00:00:00.000Z');
    expect(readableInventoryMarker([{ fear: 'x' }, marker], 1, now)).toEqual(marker);
    expect(readableInventoryMarker([marker], 0, now)).toEqual({ ...marker, completed: false });
    expect(readableInventoryMarker([{ fear: 'x' }], 1, now)).toEqual({
      _type: 'completion_status',
      completed: false,
      timestamp: now.toISOString(),
    });
  });
});
