import type { CreateSpaceKeyBody, RotateSpaceBody, SpaceReply } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http.ts';
import { createDataKey } from '../../crypto/dataKey.ts';
import {
  CryptoError,
  createDataCipher,
  createIdentityKey,
  type DataCipher,
  type IdentityKey,
} from '../../crypto/index.ts';
import { webCrypto } from '../../crypto/testSupport.ts';
import {
  openComment,
  openItem,
  openSpace,
  partnerVerification,
  type SpaceKeyApi,
  sealComment,
  sealItem,
  verificationRecord,
} from './spaceSession.ts';

const SPACE = 'relationshipAAAAAAAAAAA';
type Person = { id: string; cipher: DataCipher; identity: IdentityKey };

async function person(id: string): Promise<Person> {
  const cipher = createDataCipher(webCrypto, await createDataKey(webCrypto), id);
  return { id, cipher, identity: (await createIdentityKey(cipher)).identity };
}

/** The server's part, kept in memory: what it stores and what it answers each member. */
function memoryServer(sponsee: Person, sponsor: Person) {
  const state = {
    status: 'active' as 'active' | 'ended',
    generation: null as number | null,
    rotationDue: false,
    keys: new Map<string, { enc: string; wrappedKey: string }>(),
    comments: [] as SpaceReply['comments'],
    verification: new Map<string, string>(),
    publicKeys: new Map([
      [sponsee.id, sponsee.identity.publicKey],
      [sponsor.id, sponsor.identity.publicKey],
    ]),
  };
  const replyFor = (userId: string): SpaceReply => {
    const partnerId = userId === sponsee.id ? sponsor.id : sponsee.id;
    return {
      relationshipId: SPACE,
      status: state.status,
      role: userId === sponsee.id ? 'sponsee' : 'sponsor',
      me: { userId, publicKey: state.publicKeys.get(userId) ?? null },
      partner: {
        userId: partnerId,
        displayName: 'Other',
        publicKey: state.publicKeys.get(partnerId) ?? null,
      },
      generation: state.generation,
      wrappedKey: state.keys.get(`${state.generation}|${userId}`) ?? null,
      verification: state.verification.get(userId) ?? null,
      rotationDue: state.rotationDue,
      items: [],
      comments: state.comments,
    };
  };
  const apiFor = (userId: string): SpaceKeyApi => ({
    get: async () => replyFor(userId),
    createKey: async (_id, body: CreateSpaceKeyBody) => {
      if (state.generation !== null) throw new ApiError(409, 'exists', 'space_exists');
      state.generation = 1;
      for (const k of body.keys) state.keys.set(`1|${k.userId}`, { enc: k.enc, wrappedKey: k.wrappedKey });
      return replyFor(userId);
    },
    rotate: async (_id, body: RotateSpaceBody) => {
      state.generation = body.generation;
      state.rotationDue = false;
      state.keys.clear();
      for (const k of body.keys)
        state.keys.set(`${body.generation}|${k.userId}`, { enc: k.enc, wrappedKey: k.wrappedKey });
      state.comments = state.comments.map((c) => ({
        ...c,
        generation: body.generation,
        ciphertext: body.comments.find((m) => m.id === c.id)?.ciphertext ?? c.ciphertext,
      }));
      return replyFor(userId);
    },
  });
  return { state, replyFor, apiFor };
}

describe('opening a sponsor space', () => {
  it('the sponsee’s browser makes the key; both open it, and what one seals the other reads', async () => {
    const [sponsee, sponsor] = await Promise.all([person('sponsee'), person('sponsor')]);
    const server = memoryServer(sponsee, sponsor);
    expect(
      (await openSpace(sponsor.identity, server.replyFor(sponsor.id), server.apiFor(sponsor.id))).key,
    ).toBeNull();
    const mine = await openSpace(sponsee.identity, server.replyFor(sponsee.id), server.apiFor(sponsee.id));
    expect(mine.reply.generation).toBe(1);
    const theirs = await openSpace(sponsor.identity, server.replyFor(sponsor.id), server.apiFor(sponsor.id));
    if (!mine.key || !theirs.key) throw new Error('both keys open');
    const content = { title: 'Step 1', blocks: [{ heading: 'Powerless', fields: [] }] };
    expect(await openItem(theirs.key, 'step-1', await sealItem(mine.key, 'step-1', content))).toEqual(
      content,
    );
    const note = await sealComment(theirs.key, 'step-1', 'Proud of you');
    expect(await openComment(mine.key, 'step-1', note)).toBe('Proud of you');
    expect(await openComment(mine.key, 'step-2', note)).toBeNull();
  });

  it('waits while the sponsor has no public key yet', async () => {
    const [sponsee, sponsor] = await Promise.all([person('sponsee'), person('sponsor')]);
    const server = memoryServer(sponsee, sponsor);
    server.state.publicKeys.delete(sponsor.id);
    const opened = await openSpace(sponsee.identity, server.replyFor(sponsee.id), server.apiFor(sponsee.id));
    expect(opened.key).toBeNull();
    expect(server.state.generation).toBeNull();
  });

  it('uses the key another browser of the sponsee made first', async () => {
    const [sponsee, sponsor] = await Promise.all([person('sponsee'), person('sponsor')]);
    const server = memoryServer(sponsee, sponsor);
    const stale = server.replyFor(sponsee.id);
    const first = await openSpace(sponsee.identity, stale, server.apiFor(sponsee.id));
    const second = await openSpace(sponsee.identity, stale, server.apiFor(sponsee.id));
    if (!first.key || !second.key) throw new Error('both open');
    expect(await openComment(second.key, 'step-1', await sealComment(first.key, 'step-1', 'same key'))).toBe(
      'same key',
    );
  });

  it('refuses a sealed key that was tampered with or swapped for another person’s', async () => {
    const [sponsee, sponsor] = await Promise.all([person('sponsee'), person('sponsor')]);
    const server = memoryServer(sponsee, sponsor);
    await openSpace(sponsee.identity, server.replyFor(sponsee.id), server.apiFor(sponsee.id));
    const swapped = {
      ...server.replyFor(sponsor.id),
      wrappedKey: server.state.keys.get(`1|${sponsee.id}`) ?? null,
    };
    const error = await openSpace(sponsor.identity, swapped, server.apiFor(sponsor.id)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CryptoError);
  });

  it('after the end, moves the kept threads to a new key the old one cannot open', async () => {
    const [sponsee, sponsor] = await Promise.all([person('sponsee'), person('sponsor')]);
    const server = memoryServer(sponsee, sponsor);
    const before = await openSpace(sponsee.identity, server.replyFor(sponsee.id), server.apiFor(sponsee.id));
    if (!before.key) throw new Error('open');
    server.state.comments = [
      {
        id: 'c1',
        itemKey: 'step-1',
        author: 'sponsor',
        generation: 1,
        ciphertext: await sealComment(before.key, 'step-1', 'kept note'),
        createdAt: new Date().toISOString(),
      },
    ];
    server.state.status = 'ended';
    server.state.rotationDue = true;
    server.state.keys.delete(`1|${sponsor.id}`);
    const after = await openSpace(sponsee.identity, server.replyFor(sponsee.id), server.apiFor(sponsee.id));
    expect(after.reply).toMatchObject({ generation: 2, rotationDue: false });
    if (!after.key) throw new Error('open');
    const moved = after.reply.comments[0]?.ciphertext ?? '';
    expect(await openComment(after.key, 'step-1', moved)).toBe('kept note');
    expect(await openComment(before.key, 'step-1', moved)).toBeNull();
    expect([...server.state.keys.keys()]).toEqual([`2|${sponsee.id}`]);
  });
});

describe('verifying the other person’s key', () => {
  it('is unverified until compared, verified after, and a warning when the key changes', async () => {
    const [sponsee, sponsor, replaced] = await Promise.all([
      person('sponsee'),
      person('sponsor'),
      person('sponsor'),
    ]);
    const server = memoryServer(sponsee, sponsor);
    expect(await partnerVerification(sponsee.cipher, server.replyFor(sponsee.id))).toBe('unverified');
    server.state.verification.set(
      sponsee.id,
      await verificationRecord(sponsee.cipher, server.replyFor(sponsee.id)),
    );
    expect(await partnerVerification(sponsee.cipher, server.replyFor(sponsee.id))).toBe('verified');
    server.state.publicKeys.set(sponsor.id, replaced.identity.publicKey);
    expect(await partnerVerification(sponsee.cipher, server.replyFor(sponsee.id))).toBe('changed');
  });

  it('does not count a record this person did not make', async () => {
    const [sponsee, sponsor] = await Promise.all([person('sponsee'), person('sponsor')]);
    const server = memoryServer(sponsee, sponsor);
    server.state.verification.set(
      sponsee.id,
      await verificationRecord(sponsor.cipher, server.replyFor(sponsee.id)),
    );
    expect(await partnerVerification(sponsee.cipher, server.replyFor(sponsee.id))).toBe('unverified');
  });
});
