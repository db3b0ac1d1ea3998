import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, prepareUser, startChildServer } from './soak/childServer.ts';
import { missingWrites, startWriteLoad } from './soak/writeLoad.ts';

/**
 * Crash (`npm run soak`): the real server under a steady write load is killed with SIGKILL, several
 * times; after each restart on the same SQLite file every write acknowledged with a 2xx is there and the
 * file passes its integrity check. Timing-dependent (where the kill lands), so it is a soak test.
 */

const ROUNDS = 3;
const LOAD_MS = 2_000;
const dir = mkdtempSync(join(tmpdir(), 'sam-crash-'));
const file = join(dir, 'sam.db');
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('SIGKILL under write load (SQLite)', () => {
  it('loses no acknowledged write and leaves a sound database', async () => {
    const url = `sqlite:${file}`;
    const token = await prepareUser(url, 'crash@example.com');
    server = await startChildServer(url);
    const load = startWriteLoad({
      baseUrl: () => (server as ChildServer).baseUrl,
      token,
      loops: 3,
      timeoutMs: 5_000,
    });

    for (let round = 1; round <= ROUNDS; round++) {
      await new Promise((r) => setTimeout(r, LOAD_MS));
      await server.kill('SIGKILL');
      expect(server.child.signalCode).toBe('SIGKILL');
      server = await startChildServer(url);
      // The load waits while every acknowledged write so far is read back, then goes on.
      await load.pause();
      const missing = await missingWrites(server.baseUrl, token, load);
      expect(missing, `round ${round}`).toEqual([]);
      load.resume();
    }
    await load.stop();

    const acknowledged = load.outcomes.filter((o) => o.status === 200).length;
    console.log(
      `crash soak: ${ROUNDS} kills, ${acknowledged} acknowledged writes (${load.ackedSteps.size} steps, ${load.ackedInventories.size} inventories), ${load.outcomes.length - acknowledged} failed while down`,
    );
    expect(acknowledged).toBeGreaterThan(ROUNDS * 10);
    expect(load.outcomes.filter((o) => typeof o.status === 'number' && o.status !== 200)).toEqual([]);
    expect(await missingWrites(server.baseUrl, token, load)).toEqual([]);

    await server.kill('SIGTERM');
    const db = new SQLite(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  }, 240_000);
});
