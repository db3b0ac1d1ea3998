import {
  ABSTINENCE_PLACE,
  abstinenceRecordSchema,
  checkInContentSchema,
  checkInPlace,
  circlesVersionContentSchema,
  circlesVersionPlace,
  type ReadableRecoveryTools,
  type RecoveryToolsSnapshot,
  type SavedTimes,
  type ThreeCirclesForShare,
} from '@sam/core';
import type { z } from 'zod';
import type { DataCipher } from '../../crypto/index.ts';
import { abstinenceApi } from '../abstinence/index.ts';
import { checkInsApi } from '../checkIns/index.ts';
import { circlesApi } from '../circles/index.ts';

/**
 * Opens one ciphertext and checks it against its schema; null when either fails, so a backup never holds
 * something its restore would refuse. `onFail` marks the backup as partial.
 */
async function open<T extends z.ZodType>(
  cipher: DataCipher,
  ciphertext: string,
  place: string,
  schema: T,
  onFail: () => void,
): Promise<z.output<T> | null> {
  try {
    return schema.parse(await cipher.decrypt(ciphertext, place));
  } catch (error) {
    console.warn('Could not decrypt part of your data', error);
    onFail();
    return null;
  }
}

/**
 * The circles (every version), the abstinence record and the check-ins, decrypted in this browser; and
 * what the server sees of them, for the rule on current data. A part that cannot be read is left out.
 */
export async function loadRecoveryTools(
  cipher: DataCipher,
  onFail: () => void,
): Promise<{
  tools: RecoveryToolsSnapshot;
  stored: ReadableRecoveryTools;
  times: Pick<SavedTimes, 'circles' | 'checkIns' | 'abstinence'>;
}> {
  const [versions, abstinence, checkIns] = await Promise.all([
    circlesApi.list(),
    abstinenceApi.get().then((reply) => reply.abstinence),
    checkInsApi.list().then((reply) => reply.checkIns),
  ]);
  const circles = await Promise.all(
    versions.map(async ({ version, createdAt, ciphertext }) => {
      const content = await open(
        cipher,
        ciphertext,
        circlesVersionPlace(version),
        circlesVersionContentSchema,
        onFail,
      );
      return content ? { version, createdAt, content } : null;
    }),
  );
  const days = await Promise.all(
    checkIns.map(async ({ day, ciphertext }) => {
      const content = await open(cipher, ciphertext, checkInPlace(day), checkInContentSchema, onFail);
      return content ? { day, content } : null;
    }),
  );
  return {
    tools: {
      circles: circles.filter((v) => v !== null),
      abstinence: abstinence
        ? await open(cipher, abstinence.ciphertext, ABSTINENCE_PLACE, abstinenceRecordSchema, onFail)
        : null,
      checkIns: days.filter((c) => c !== null),
    },
    stored: { circleVersions: versions.length, abstinence: abstinence !== null, checkIns: checkIns.length },
    times: {
      circles: Object.fromEntries(versions.map((v) => [v.version, v.createdAt])),
      checkIns: Object.fromEntries(checkIns.map((c) => [c.day, c.updatedAt])),
      abstinence: abstinence?.updatedAt ?? null,
    },
  };
}

/**
 * What the 'My Three Circles' document shows: the newest circles and the abstinence record. A newest
 * version this browser cannot read fails the document rather than showing empty circles; an unreadable
 * abstinence record only leaves the day count out.
 */
export async function loadCirclesForShare(cipher: DataCipher): Promise<ThreeCirclesForShare> {
  const [versions, stored] = await Promise.all([
    circlesApi.list(),
    abstinenceApi.get().then((reply) => reply.abstinence),
  ]);
  const newest = versions.reduce<(typeof versions)[number] | null>(
    (a, b) => (a && a.version > b.version ? a : b),
    null,
  );
  const content = newest
    ? circlesVersionContentSchema.parse(
        await cipher.decrypt(newest.ciphertext, circlesVersionPlace(newest.version)),
      )
    : null;
  const abstinence = stored
    ? await open(cipher, stored.ciphertext, ABSTINENCE_PLACE, abstinenceRecordSchema, () => undefined)
    : null;
  return { circles: content?.circles ?? null, abstinence };
}
