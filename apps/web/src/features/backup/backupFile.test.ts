import {
  BACKUP_MESSAGES,
  type BackupPayload,
  backupRestoreBodySchema,
  buildBackupPayload,
  circlesVersionPlace,
  type InventorySnapshot,
  type InventoryType,
  inventoryPlace,
  type RecoveryToolsSnapshot,
} from '@sam/core';
import { describe, expect, it } from 'vitest';
import { createDataCipher } from '../../crypto/index.ts';
import { stepPlace } from '../steps/stepState.ts';
import { backupFileText, openBackupFile, restoreBody } from './backupFile.ts';

const newKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]) as Promise<CryptoKey>;

const inventories: Record<InventoryType, InventorySnapshot> = {
  resentments: {
    entries: [{ id: 'r1', who: 'Boss', why: 'late', feeling: 'angry', impacts: ['pride'], myPart: 'mine' }],
    completed: true,
  },
  fears: { entries: [], completed: false },
  harms: {
    entries: [{ id: 'h1', whoHarmed: 'Sister', how: 'lied', defects: [], alternative: '' }],
    completed: false,
  },
};
const tools: RecoveryToolsSnapshot = {
  circles: [
    {
      version: 1,
      createdAt: '2026-01-02T09:00:00.000Z',
      content: { circles: { inner: [{ id: 'i1', text: 'secret inner item' }], middle: [], outer: [] } },
    },
    {
      version: 4,
      createdAt: '2026-02-03T09:00:00.000Z',
      content: {
        circles: {
          inner: [{ id: 'i1', text: 'secret inner item' }],
          middle: [],
          outer: [{ id: 'o1', text: 'Calling my sponsor' }],
        },
        restoredFrom: 1,
      },
    },
  ],
  abstinence: { periods: [{ id: 'p1', start: '2025-12-21', end: null }] },
  checkIns: [
    {
      day: '2026-03-01',
      content: { circle: 'middle', moods: ['anxious'], halt: [], gratitude: 'secret gratitude', stepTen: {} },
    },
  ],
};
const payload = buildBackupPayload(
  [
    {
      step_number: 3,
      step_title: 'Step Three',
      completed: false,
      actions: [{ id: 1, completed: true }],
      data: { prayer_text: 'secret prayer' },
      started_at: '2025-01-02T00:00:00.000Z',
      completed_at: null,
    },
  ],
  inventories,
  tools,
);

describe('backup file encryption', () => {
  it('opens with the same user and key, and holds no plaintext', async () => {
    const cipher = createDataCipher(crypto, await newKey(), 'user-1');
    const text = await backupFileText(cipher, payload, new Date('2026-03-05T10:00:00Z'));
    expect(text).not.toContain('secret prayer');
    expect(text).not.toContain('Boss');
    expect(text).not.toContain('secret inner item');
    expect(text).not.toContain('secret gratitude');
    const opened = await openBackupFile(cipher, text);
    expect(opened).toEqual({
      ok: true,
      metadata: expect.objectContaining({ exportDate: '2026-03-05T10:00:00.000Z' }),
      payload,
    });
  });

  it('says nothing in the clear about the program or track, and still opens an older file', async () => {
    const cipher = createDataCipher(crypto, await newKey(), 'user-1');
    const text = await backupFileText(cipher, payload, new Date('2026-03-05T10:00:00Z'));
    const file = JSON.parse(text);
    expect(Object.keys(file)).toEqual(['metadata', 'encryptedData']);
    expect(file.metadata).toEqual({
      exportDate: '2026-03-05T10:00:00.000Z',
      formatVersion: 2,
      encrypted: true,
    });
    expect(text).not.toMatch(/SAA|12-steps|program|track/i);
    const opened = await openBackupFile(cipher, text);
    expect(opened.ok && opened.payload.programTrack).toBe('SAA-12-steps');

    // A file of format 1: the program in the clear metadata, not inside.
    const { programTrack: _inside, ...olderPayload } = payload;
    const older = JSON.parse(await backupFileText(cipher, olderPayload, new Date('2025-11-02T08:00:00Z')));
    older.metadata = {
      ...older.metadata,
      programTrack: 'SAA-12-steps',
      program: 'SAA',
      track: '12-steps',
      formatVersion: 1,
    };
    const reopened = await openBackupFile(cipher, JSON.stringify(older));
    expect(reopened.ok && reopened.metadata.programTrack).toBe('SAA-12-steps');
    expect(reopened.ok && reopened.payload.progress.step3?.data).toEqual({ prayer_text: 'secret prayer' });
  });

  // About 40 MB is serialized, encrypted and base64-encoded: over 5 s on a slow, shared machine.
  it('makes no file that a restore would refuse as too large', async () => {
    const cipher = createDataCipher(crypto, await newKey(), 'user-1');
    const checkIn = tools.checkIns[0];
    if (!checkIn) throw new Error('a check-in');
    // Every check-in at its largest: far more than the room a backup has for them all.
    const crowded = buildBackupPayload([], inventories, {
      ...tools,
      checkIns: Array.from({ length: 600 }, (_, i) => ({
        day: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
        content: { ...checkIn.content, gratitude: 'g'.repeat(55_000) },
      })),
    });
    await expect(backupFileText(cipher, crowded, new Date())).rejects.toThrow(
      /^This backup would be 4\d\.\d MB, more than the 40\.4 MB SAM can restore, so no file was made/,
    );
  }, 60_000);

  it("refuses another user's file, even under the same key", async () => {
    const key = await newKey();
    const text = await backupFileText(createDataCipher(crypto, key, 'user-1'), payload, new Date());
    for (const other of [
      createDataCipher(crypto, key, 'user-2'),
      createDataCipher(crypto, await newKey(), 'user-1'),
    ]) {
      expect(await openBackupFile(other, text)).toEqual({
        ok: false,
        message: BACKUP_MESSAGES.decryptFailed,
      });
    }
  });

  it('builds a restore body the server accepts, each part encrypted for its own place', async () => {
    const cipher = createDataCipher(crypto, await newKey(), 'user-1');
    const body = await restoreBody(cipher, payload, true, new Date('2026-03-05T10:00:00Z'));
    expect(backupRestoreBodySchema.safeParse(body).success).toBe(true);
    const [step] = body.steps;
    expect(step).toMatchObject({
      program: 'SAA',
      track: '12-steps',
      step_number: 3,
      completed: false,
      started_at: '2025-01-02T00:00:00.000Z',
      completed_at: null,
    });
    expect(await cipher.decrypt(step?.data.encryptedData as string, stepPlace(3))).toEqual({
      prayer_text: 'secret prayer',
    });
    const [resentments, fears, harms] = body.inventories;
    expect(resentments).toMatchObject({
      inventory_type: 'resentments',
      entry_count: 1,
      items: [{ completed: true }],
    });
    expect(fears).toMatchObject({ entry_count: 0, items: [{ completed: false }] });
    expect(harms?.items[0]?.completed).toBe(false);
    expect(await cipher.decrypt(resentments?.encryptedData as string, inventoryPlace('resentments'))).toEqual(
      {
        v: 1,
        entries: inventories.resentments.entries,
      },
    );
    expect(body.circles?.map((v) => [v.version, v.createdAt])).toEqual([
      [1, '2026-01-02T09:00:00.000Z'],
      [4, '2026-02-03T09:00:00.000Z'],
    ]);
    expect(await cipher.decrypt(body.circles?.[1]?.ciphertext as string, circlesVersionPlace(4))).toEqual(
      tools.circles[1]?.content,
    );
    expect(await cipher.decrypt(body.abstinence?.ciphertext as string, 'abstinence')).toEqual(
      tools.abstinence,
    );
    expect(body.checkIns?.map((c) => c.day)).toEqual(['2026-03-01']);
    expect(await cipher.decrypt(body.checkIns?.[0]?.ciphertext as string, 'check-in:2026-03-01')).toEqual(
      tools.checkIns[0]?.content,
    );
    // Bound to its place: a version's ciphertext does not open as another version's.
    await expect(
      cipher.decrypt(body.circles?.[0]?.ciphertext as string, circlesVersionPlace(4)),
    ).rejects.toThrow();
  });

  it('restores none of the circles, abstinence dates or check-ins from an older file, replacing them', async () => {
    const cipher = createDataCipher(crypto, await newKey(), 'user-1');
    const { circles: _c, abstinence: _a, checkIns: _k, ...older } = payload;
    const text = await backupFileText(cipher, older as BackupPayload, new Date('2026-03-05T10:00:00Z'));
    const opened = await openBackupFile(cipher, text);
    if (!opened.ok) throw new Error(opened.message);
    const body = await restoreBody(cipher, opened.payload, true, new Date('2026-03-05T10:00:00Z'));
    expect(backupRestoreBodySchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ circles: [], abstinence: null, checkIns: [] });
    expect(body.steps).toHaveLength(1);
  });
});
