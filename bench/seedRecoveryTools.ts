import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../apps/server/src/db/index.ts';
import { encryptLikeTheApp, filledStep, prose } from './payloads.ts';

const DAY = 86_400_000;
/** A year of nightly check-ins and a long history of circles, as a person a year in would have them. */
export const READER_CHECK_INS = 365;
export const READER_CIRCLES_VERSIONS = 40;

/** The three circles as a person writes them: a dozen items in each, a line of notes on some. */
export function circlesPlaintext(seed: number) {
  const items = (circle: string, offset: number) =>
    Array.from({ length: 12 }, (_, i) => ({
      id: `${circle}-${i}`,
      text: prose(60, seed + offset + i),
      note: i % 3 === 0 ? prose(160, seed + offset + i + 1) : '',
    }));
  return { v: 1, inner: items('inner', 0), middle: items('middle', 20), outer: items('outer', 40) };
}

/** One night's check-in: the circle the day was in, a feeling, and a few sentences. */
export function checkInPlaintext(seed: number) {
  return { v: 1, circle: 'outer', feelings: ['grateful', 'tired'], note: prose(280, seed) };
}

/** The day `daysAgo` before today, as the browser names it (YYYY-MM-DD, UTC here). */
export const dayBefore = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** The reader's own circles history and a year of check-ins, encrypted as the app does. */
export async function seedCirclesAndCheckIns(db: Db, userId: string): Promise<void> {
  const now = Date.now();
  const versions = await Promise.all(
    Array.from({ length: READER_CIRCLES_VERSIONS }, async (_, i) => ({
      user_id: userId,
      version: i + 1,
      ciphertext: await encryptLikeTheApp(circlesPlaintext(i), userId, 'three-circles'),
      created_at: now - (READER_CIRCLES_VERSIONS - i) * DAY,
    })),
  );
  await db.insertInto('circles_versions').values(versions).execute();
  const checkIns = await Promise.all(
    Array.from({ length: READER_CHECK_INS }, async (_, i) => ({
      user_id: userId,
      day: dayBefore(i),
      ciphertext: await encryptLikeTheApp(checkInPlaintext(i), userId, `check-in:${dayBefore(i)}`),
      updated_at: now - i * DAY,
    })),
  );
  for (let start = 0; start < checkIns.length; start += 100) {
    await db
      .insertInto('check_ins')
      .values(checkIns.slice(start, start + 100))
      .execute();
  }
}

/**
 * A sponsor and a sponsee in an active relationship whose sponsor space holds the sponsee's shared Step 1
 * and circles, with a conversation of notes on each, sealed under the space's key as the browsers would.
 * Keys are random bytes of the right sizes: the server stores and returns them, it never opens them.
 */
export async function seedSponsorSpace(db: Db, sponseeId: string, sponsorId: string): Promise<string> {
  const now = Date.now();
  const relationshipId = randomBytes(16).toString('base64url');
  const base64 = (bytes: number) => randomBytes(bytes).toString('base64');
  const publicKey = () => Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64');
  await db
    .insertInto('identity_keys')
    .values(
      [sponseeId, sponsorId].map((user_id) => ({
        user_id,
        public_key: publicKey(),
        encrypted_private_key: base64(200),
        created_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('sponsorship_relationships')
    .values({
      id: relationshipId,
      invitation_id: null,
      sponsor_user_id: sponsorId,
      sponsee_user_id: sponseeId,
      program: 'SAA',
      status: 'active',
      sponsor_display_name: 'Bo',
      sponsee_display_name: 'Ada',
      started_at: now - 90 * DAY,
      ended_at: null,
      ended_by_user_id: null,
      end_reason: null,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('sponsor_spaces')
    .values({
      relationship_id: relationshipId,
      generation: 1,
      rotation_due: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('space_keys')
    .values(
      [sponseeId, sponsorId].map((user_id) => ({
        relationship_id: relationshipId,
        generation: 1,
        user_id,
        enc: publicKey(),
        wrapped_key: randomBytes(48).toString('base64'),
      })),
    )
    .execute();
  const shared = [
    { key: 'step-1', value: filledStep(1) },
    { key: 'three-circles', value: circlesPlaintext(1) },
  ];
  for (const { key, value } of shared) {
    await db
      .insertInto('space_items')
      .values({
        relationship_id: relationshipId,
        item_key: key,
        generation: 1,
        ciphertext: await encryptLikeTheApp(value, relationshipId, `space:${key}`),
        updated_at: now,
        reviewed_at: null,
      })
      .execute();
    const notes = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => ({
        id: randomUUID(),
        relationship_id: relationshipId,
        item_key: key,
        author_user_id: i % 2 ? sponsorId : sponseeId,
        generation: 1,
        ciphertext: await encryptLikeTheApp({ text: prose(240, i) }, relationshipId, `space-note:${key}`),
        created_at: now - (10 - i) * DAY,
      })),
    );
    await db.insertInto('space_comments').values(notes).execute();
  }
  return relationshipId;
}
