import type { CreateSpaceKeyBody, RotateSpaceBody, SpaceReply } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http.ts';
import { createDataKey } from '../../crypto/dataKey.ts';
import { hpkeSuite } from '../../crypto/identityKey.ts';
import {
  CryptoError,
  createDataCipher,
  createIdentityKey,
  createSpaceKey,
  type DataCipher,
  type IdentityKey,
  safetyCode,
  wrapSpaceKey,
} from '../../crypto/index.ts';
import { webCrypto } from '../../crypto/testSupport.ts';
import {
  acceptedKey,
  canShare,
  openComment,
  openItem,
  openSpace,
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

type Stored = { enc: string; wrappedKey: string; record: string | null };

/** The server's part, kept in memory: what it stores and what it answers each member. */
function memoryServer(sponsee: Person, sponsor: Person) {
  const state = {
    status: 'active' as 'active' | 'ended',
    generation: null as number | null,
    rotationDue: false,
    keys: new Map<string, Stored>(),
    items: [] as SpaceReply['items'],
    comments: [] as SpaceReply['comments'],
    verification: new Map<string, string>(),
    publicKeys: new Map([
      [sponsee.id, sponsee.identity.publicKey],
      [sponsor.id, sponsor.identity.publicKey],
    ]),
  };
  const replyFor = (userId: string): SpaceReply => {
    const partnerId = userId === sponsee.id ? sponsor.id : sponsee.id;
    const mine = state.keys.get(`${state.generation}|${userId}`);
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
      wrappedKey: mine ? { enc: mine.enc, wrappedKey: mine.wrappedKey } : null,
      sealRecord: mine?.record ?? null,
      verification: state.verification.get(userId) ?? null,
      rotationDue: state.rotationDue,
      items: state.items,
      comments: state.comments,
    };
  };
  const store = (generation: number, body: { keys: CreateSpaceKeyBody['keys']; record?: string }) => {
    for (const k of body.keys) {
      const record = k.userId === sponsee.id ? (body.record ?? null) : null;
      state.keys.set(`${generation}|${k.userId}`, { enc: k.enc, wrappedKey: k.wrappedKey, record });
    }
  };
  const apiFor = (userId: string): SpaceKeyApi => ({
    get: async () => replyFor(userId),
    createKey: async (_id, body: CreateSpaceKeyBody) => {
      if (state.generation !== null) throw new ApiError(409, 'exists', 'space_exists');
      state.generation = 1;
      store(1, body);
      return replyFor(userId);
    },
    rotate: async (_id, body: RotateSpaceBody) => {
      state.generation = body.generation;
      state.rotationDue = false;
      state.keys.clear();
      store(body.generation, body);
      state.comments = state.comments.map((c) => ({
        ...c,
        generation: body.generation,
        ciphertext: body.comments.find((m) => m.id === c.id)?.ciphertext ?? c.ciphertext,
      }));
      state.items = state.items.map((i) => ({
        ...i,
        generation: body.generation,
        ciphertext: body.items.find((m) => m.itemKey === i.itemKey)?.ciphertext ?? i.ciphertext,
      }));
      return replyFor(userId);
    },
  });
  /** A member's browser accepts the partner's current key (`compared`: in person) and opens the space again. */
  const accept = async (who: Person, compared = true) => {
    state.verification.set(who.id, await verificationRecord(who.cipher, replyFor(who.id), compared));
    return open(who);
  };
  const open = (who: Person) => openSpace(who.identity, who.cipher, replyFor(who.id), apiFor(who.id));
  const share = async (key: Parameters<typeof sealItem>[0], content: unknown) => {
    state.items = [
      {
        itemKey: 'step-1',
        generation: key.generation,
        ciphertext: await sealItem(key, 'step-1', content),
        updatedAt: new Date().toISOString(),
        reviewedAt: null,
        unread: false,
      },
    ];
  };
  return { state, replyFor, apiFor, accept, open, share };
}

const people = () => Promise.all([person('sponsee'), person('sponsor')]);

describe('opening a sponsor space', () => {
  it('seals nothing until the code is compared; then both open it, and what one seals the other reads', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    const before = await server.open(sponsee);
    expect(before).toMatchObject({ key: null, verification: 'unverified', sharing: 'compare' });
    expect(server.state.generation).toBeNull();
    const mine = await server.accept(sponsee);
    expect(mine).toMatchObject({ verification: 'verified', sharing: 'ready' });
    expect(mine.reply.generation).toBe(1);
    const theirs = await server.open(sponsor);
    expect(theirs).toMatchObject({ verification: 'unverified', sharing: 'compare' });
    expect(canShare(theirs)).toBe(false);
    if (!mine.key || !theirs.key) throw new Error('both keys open');
    const content = { title: 'Step 1', blocks: [{ heading: 'Powerless', fields: [] }] };
    expect(await openItem(theirs.key, 'step-1', await sealItem(mine.key, 'step-1', content))).toEqual(
      content,
    );
    expect(canShare(await server.accept(sponsor))).toBe(true);
    const note = await sealComment(theirs.key, 'step-1', 'Proud of you');
    expect(await openComment(mine.key, 'step-1', note)).toBe('Proud of you');
    expect(await openComment(mine.key, 'step-2', note)).toBeNull();
  });

  it('shows both the same code, made from the keys each browser holds', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    const code = await safetyCode(webCrypto, sponsee.identity.publicKey, sponsor.identity.publicKey);
    expect((await server.open(sponsee)).safetyCode).toBe(code);
    expect((await server.open(sponsor)).safetyCode).toBe(code);
  });

  it('goes on without comparing only when asked, and says so until the code is compared', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    const opened = await server.accept(sponsee, false);
    expect(opened).toMatchObject({ verification: 'accepted', sharing: 'ready' });
    expect(await acceptedKey(sponsee.cipher, server.replyFor(sponsee.id))).toEqual({
      publicKey: sponsor.identity.publicKey,
      compared: false,
    });
    expect((await server.accept(sponsee, true)).verification).toBe('verified');
    expect(server.state.generation).toBe(1);
  });

  it('waits while the sponsor has no public key yet', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    server.state.publicKeys.delete(sponsor.id);
    const opened = await server.open(sponsee);
    expect(opened).toMatchObject({ key: null, verification: null, sharing: null, refused: null });
    expect(server.state.generation).toBeNull();
  });

  it('uses the key another browser of the sponsee made first', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    server.state.verification.set(
      sponsee.id,
      await verificationRecord(sponsee.cipher, server.replyFor(sponsee.id), true),
    );
    const stale = server.replyFor(sponsee.id);
    const first = await openSpace(sponsee.identity, sponsee.cipher, stale, server.apiFor(sponsee.id));
    const second = await openSpace(sponsee.identity, sponsee.cipher, stale, server.apiFor(sponsee.id));
    if (!first.key || !second.key) throw new Error('both open');
    expect(await openComment(second.key, 'step-1', await sealComment(first.key, 'step-1', 'same key'))).toBe(
      'same key',
    );
  });

  it('refuses a sealed key that was tampered with or swapped for another person’s', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    await server.accept(sponsee);
    const swapped = {
      ...server.replyFor(sponsee.id),
      wrappedKey: server.state.keys.get(`1|${sponsor.id}`) ?? null,
    };
    const error = await openSpace(sponsee.identity, sponsee.cipher, swapped, server.apiFor(sponsee.id)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CryptoError);
  });

  it('after the end, moves the kept threads to a new key the old one cannot open', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    const before = await server.accept(sponsee);
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
    const after = await server.open(sponsee);
    expect(after.reply).toMatchObject({ generation: 2, rotationDue: false });
    if (!after.key) throw new Error('open');
    const moved = after.reply.comments[0]?.ciphertext ?? '';
    expect(await openComment(after.key, 'step-1', moved)).toBe('kept note');
    expect(await openComment(before.key, 'step-1', moved)).toBeNull();
    expect([...server.state.keys.keys()]).toEqual([`2|${sponsee.id}`]);
  });
});

describe('keys this browser does not hold', () => {
  it('refuses a reply that names another key for this person, on either side', async () => {
    const [sponsee, sponsor, stranger] = await Promise.all([
      person('sponsee'),
      person('sponsor'),
      person('x'),
    ]);
    const server = memoryServer(sponsee, sponsor);
    await server.accept(sponsee);
    for (const who of [sponsee, sponsor]) {
      const reply = server.replyFor(who.id);
      const rewritten = { ...reply, me: { ...reply.me, publicKey: stranger.identity.publicKey } };
      const opened = await openSpace(who.identity, who.cipher, rewritten, server.apiFor(who.id));
      expect(opened).toMatchObject({ refused: 'my-key', key: null, safetyCode: null, sharing: null });
    }
  });

  it('refuses a partner key that is not a point on the curve, and seals nothing to it', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    const raw = new Uint8Array(65).fill(7);
    raw[0] = 4;
    server.state.publicKeys.set(sponsor.id, Buffer.from(raw).toString('base64'));
    server.state.verification.set(
      sponsee.id,
      await verificationRecord(sponsee.cipher, server.replyFor(sponsee.id), true),
    );
    expect((await server.open(sponsee)).refused).toBe('partner-key');
    expect(server.state.generation).toBeNull();
  });

  it('stops sharing when the partner key changes, and seals anew only to the key compared again', async () => {
    const [sponsee, sponsor, replaced] = await Promise.all([
      person('sponsee'),
      person('sponsor'),
      person('sponsor'),
    ]);
    const server = memoryServer(sponsee, sponsor);
    const first = await server.accept(sponsee);
    if (!first.key) throw new Error('open');
    await server.share(first.key, { title: 'Step 1', blocks: [] });
    server.state.publicKeys.set(sponsor.id, replaced.identity.publicKey);
    const changed = await server.open(sponsee);
    expect(changed).toMatchObject({ verification: 'changed', sharing: 'changed' });
    expect(canShare(changed)).toBe(false);
    expect(server.state.generation).toBe(1);
    const again = await server.accept(sponsee);
    expect(again).toMatchObject({ verification: 'verified', sharing: 'ready' });
    expect(server.state.generation).toBe(2);
    const newSponsor = { ...sponsor, identity: replaced.identity };
    server.state.verification.delete(sponsor.id);
    const theirs = await server.open(newSponsor);
    if (!theirs.key) throw new Error('the new key opens');
    const item = server.state.items[0]?.ciphertext ?? '';
    expect(await openItem(theirs.key, 'step-1', item)).toEqual({ title: 'Step 1', blocks: [] });
    await expect(openItem(first.key, 'step-1', item)).rejects.toBeInstanceOf(CryptoError);
  });

  it('gives the sponsor nothing for a space key that the sponsee did not seal', async () => {
    const [sponsee, sponsor, server0] = await Promise.all([
      person('sponsee'),
      person('sponsor'),
      person('s'),
    ]);
    const server = memoryServer(sponsee, sponsor);
    const madeUp = await createSpaceKey(SPACE, 1);
    server.state.generation = 1;
    server.state.keys.set(`1|${sponsor.id}`, {
      ...(await wrapSpaceKey(
        madeUp,
        { userId: sponsor.id, publicKey: sponsor.identity.publicKey },
        server0.identity,
      )),
      record: null,
    });
    const opened = await server.open(sponsor);
    expect(opened.key).toBeNull();
    expect(canShare(opened)).toBe(false);
  });

  it('seals again a space sealed before records were kept, once its key is accepted', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    const legacy = await createSpaceKey(SPACE, 1);
    const sealLegacy = async (who: Person) => {
      const sealed = await hpkeSuite.seal(
        {
          recipientPublicKey: await hpkeSuite.kem.deserializePublicKey(
            Buffer.from(who.identity.publicKey, 'base64'),
          ),
          info: new TextEncoder().encode('sam-space-key|v1'),
        },
        legacy.raw,
        new TextEncoder().encode(`${SPACE}|1|${who.id}|space-key`),
      );
      const enc = Buffer.from(sealed.enc).toString('base64');
      return { enc, wrappedKey: Buffer.from(sealed.ct).toString('base64'), record: null };
    };
    server.state.generation = 1;
    server.state.keys.set(`1|${sponsee.id}`, await sealLegacy(sponsee));
    server.state.keys.set(`1|${sponsor.id}`, await sealLegacy(sponsor));
    await server.share(legacy, { title: 'Step 1', blocks: [] });
    expect(await server.open(sponsee)).toMatchObject({ sharing: 'compare' });
    expect((await server.open(sponsor)).key).toBeNull();
    const resealed = await server.accept(sponsee);
    expect(resealed).toMatchObject({ sharing: 'ready' });
    expect(server.state.generation).toBe(2);
    const theirs = await server.open(sponsor);
    if (!theirs.key) throw new Error('the sponsor opens the new generation');
    expect(await openItem(theirs.key, 'step-1', server.state.items[0]?.ciphertext ?? '')).toEqual({
      title: 'Step 1',
      blocks: [],
    });
  });
});

describe('accepting the other person’s key', () => {
  it('does not count a record this person did not make', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    server.state.verification.set(
      sponsee.id,
      await verificationRecord(sponsor.cipher, server.replyFor(sponsee.id), true),
    );
    expect(await acceptedKey(sponsee.cipher, server.replyFor(sponsee.id))).toBeNull();
    expect((await server.open(sponsee)).verification).toBe('unverified');
  });

  it('reads a record made before decision 43 as compared', async () => {
    const [sponsee, sponsor] = await people();
    const server = memoryServer(sponsee, sponsor);
    const old = await sponsee.cipher.encrypt(
      { publicKey: sponsor.identity.publicKey },
      `space-verification:${SPACE}`,
    );
    server.state.verification.set(sponsee.id, old);
    expect(await acceptedKey(sponsee.cipher, server.replyFor(sponsee.id))).toEqual({
      publicKey: sponsor.identity.publicKey,
      compared: true,
    });
  });
});
