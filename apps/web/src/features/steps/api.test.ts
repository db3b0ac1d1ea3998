import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fakeServer.ts';
import { PROGRAM, progressApi, TRACK } from './api.ts';

const CIPHERTEXT = 'c2VhbGVkIGFuc3dlcnM=';

describe('progressApi.saveStep', () => {
  it('resolves with the stored step, its ciphertext the one it sent (the reply leaves it out)', async () => {
    const server = fakeServer({
      'POST /api/progress/step': () => ({
        program: PROGRAM,
        track: TRACK,
        step_number: 2,
        step_title: 'Step Two',
        completed: false,
        data: { actions: [{ id: 1, completed: true }], encrypted: true },
        started_at: '2026-11-29T10:00:00.000Z',
        completed_at: null,
        updated_at: '2026-11-29T10:00:00.000Z',
        sk: `${PROGRAM}#${TRACK}#step2`,
      }),
    });

    const record = await progressApi.saveStep({
      step_number: 2,
      step_title: 'Step Two',
      completed: false,
      actions: [{ id: 1, completed: true }],
      encryptedData: CIPHERTEXT,
    });

    expect(server.requests.map((r) => (r.body as { data: unknown }).data)).toEqual([
      { actions: [{ id: 1, completed: true }], encryptedData: CIPHERTEXT, encrypted: true },
    ]);
    expect(record.data).toEqual({
      actions: [{ id: 1, completed: true }],
      encryptedData: CIPHERTEXT,
      encrypted: true,
    });
    expect(record.started_at).toBe('2026-11-29T10:00:00.000Z');
  });
});
