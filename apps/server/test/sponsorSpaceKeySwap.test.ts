/**
 * The sponsor space against an attacker who can write the database (issue 51, decision 43): the browsers'
 * own key handling (apps/web's spaceSession and crypto, as the web app runs them) over HTTP against a real
 * server and database, with the test editing the rows the way the attacker did.
 */
import type { SpaceReply } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/app/http.ts';
import {
  CryptoError,
  createDataCipher,
  createDataKey,
  createIdentityKey,
  type DataCipher,
  type IdentityKey,
  openSpaceKey,
  wrapSpaceKey,
} from '../../web/src/crypto/index.ts';
import {
  canShare,
  type OpenedSpace,
  openItem,
  openSpace,
  type SpaceKeyApi,
  sealComment,
  sealItem,
  verificationRecord,
} from '../../web/src/features/sponsorSpace/spaceSession.ts';
import { get, newUser, startTestApp, type TestApp, userIdOf } from './helpers.ts';
import { linkSponsor } from './sponsorLink.ts';

/** One person's browser: their token, data key and identity key pair, and the requests it makes. */
type Browser = {
  id: string;
  token: string;
  cipher: DataCipher;
  identity: IdentityKey;
  api: SpaceKeyApi;
  open(): Promise<OpenedSpace>;
  /** Accepts the partner's key as the server shows it now: compared in person, or not. */
  accept(compared: boolean): Promise<OpenedSpace>;
};

let t: TestApp;
let space: string;
let sponsee: Browser;
let sponsor: Browser;
/** The attacker: a key pair of their own, and write access to the database. */
let attacker: IdentityKey;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}` },
  });
  const body = res.json();
  if (res.statusCode >= 400) throw new ApiError(res.statusCode, body.detail, body.code);
  return body;
}

async function browser(email: string, name: string): Promise<Browser> {
  const token = await newUser(t, email, name);
  const id = await userIdOf(t, email);
  const cipher = createDataCipher(globalThis.crypto, await createDataKey(globalThis.crypto), id);
  const made = await createIdentityKey(cipher);
  await call(token, 'PUT', '/api/user/identity-key', made.record);
  const url = () => `/api/sponsorship/spaces/${space}`;
  const api: SpaceKeyApi = {
    get: () => call(token, 'GET', url()),
    createKey: (_id, body) => call(token, 'POST', `${url()}/key`, body),
    rotate: (_id, body) => call(token, 'POST', `${url()}/rotate`, body),
  };
  const open = async () => openSpace(made.identity, cipher, await api.get(space), api);
  return {
    id,
    token,
    cipher,
    identity: made.identity,
    api,
    open,
    accept: async (compared) => {
      const reply: SpaceReply = await api.get(space);
      await call(token, 'PUT', `${url()}/verification`, {
        ciphertext: await verificationRecord(cipher, reply, compared),
      });
      return open();
    },
  };
}

/** What the server keeps as someone's public key: the row the attacker edits. */
const setPublicKey = (userId: string, publicKey: string) =>
  t.db.updateTable('identity_keys').set({ public_key: publicKey }).where('user_id', '=', userId).execute();

async function share(opened: OpenedSpace, text: string): Promise<void> {
  if (!opened.key || !canShare(opened)) throw new Error('The space is not open for sharing');
  const ciphertext = await sealItem(opened.key, 'step-1', { title: 'Step 1', blocks: [{ heading: text }] });
  await call(sponsee.token, 'PUT', `/api/sponsorship/spaces/${space}/items/step-1`, {
    generation: opened.reply.generation,
    ciphertext,
  });
}

/** The shared items the attacker opens with a generation key they hold. */
async function attackerReads(held: Awaited<ReturnType<typeof openSpaceKey>>) {
  const rows = await t.db.selectFrom('space_items').select('ciphertext').execute();
  const read = await Promise.all(
    rows.map((row) => openItem(held, 'step-1', row.ciphertext).catch(() => null)),
  );
  return read.filter((x) => x !== null);
}

beforeEach(async () => {
  t = await startTestApp();
  sponsee = await browser('sponsee@example.com', 'Sunny');
  sponsor = await browser('sponsor@example.com', 'Rowan');
  space = await linkSponsor(t, sponsee.token, { token: sponsor.token, email: 'sponsor@example.com' });
  attacker = (
    await createIdentityKey(createDataCipher(globalThis.crypto, await createDataKey(globalThis.crypto), 'x'))
  ).identity;
});
afterEach(async () => {
  await t.close();
});

describe('a key swapped in the database before the first sealing', () => {
  it('gets nothing sealed to it until the code is compared, and the two codes differ', async () => {
    await setPublicKey(sponsor.id, attacker.publicKey);
    const first = await sponsee.open();
    expect(first).toMatchObject({ key: null, sharing: 'compare', verification: 'unverified' });
    expect(await t.db.selectFrom('space_keys').selectAll().execute()).toEqual([]);
    // The sponsor's browser refuses the reply that names a key for him that is not his own.
    const theirs = await sponsor.open();
    expect(theirs).toMatchObject({ refused: 'my-key', key: null, safetyCode: null });
    // Whatever the sponsor reads out, it is not the code on the sponsee's screen: his own key is in it.
    const { safetyCode } = await import('../../web/src/crypto/index.ts');
    const sponsorsCode = await safetyCode(
      globalThis.crypto,
      sponsor.identity.publicKey,
      sponsee.identity.publicKey,
    );
    expect(first.safetyCode).not.toBe(sponsorsCode);
  });

  it('reads nothing written after the two compare the real code, even when the sponsee went on without it', async () => {
    await setPublicKey(sponsor.id, attacker.publicKey);
    // The sponsee chooses, knowingly, to go on without comparing: generation 1 is sealed to the attacker.
    const risked = await sponsee.accept(false);
    expect(risked).toMatchObject({ verification: 'accepted', sharing: 'ready' });
    await share(risked, 'what I wrote before we compared');
    const stolen = await t.db
      .selectFrom('space_keys')
      .selectAll()
      .where('user_id', '=', sponsor.id)
      .executeTakeFirstOrThrow();
    const binding = { spaceId: space, generation: 1, recipientId: sponsor.id };
    const wrapped = { enc: stolen.enc, wrappedKey: stolen.wrapped_key };
    const generation1 = await openSpaceKey(attacker, wrapped, binding, sponsee.identity.publicKey);
    expect(await attackerReads(generation1)).toHaveLength(1);

    // The attacker seals the same key to the sponsor's real key and puts that key back, as was seen.
    const resealed = await wrapSpaceKey(
      generation1,
      { userId: sponsor.id, publicKey: sponsor.identity.publicKey },
      attacker,
    );
    await t.db
      .updateTable('space_keys')
      .set({ enc: resealed.enc, wrapped_key: resealed.wrappedKey })
      .where('user_id', '=', sponsor.id)
      .execute();
    await setPublicKey(sponsor.id, sponsor.identity.publicKey);

    // The sponsee is warned and shares nothing more; the sponsor cannot open a key the sponsee did not seal.
    const warned = await sponsee.open();
    expect(warned).toMatchObject({ verification: 'changed', sharing: 'changed' });
    expect(canShare(warned)).toBe(false);
    expect((await sponsor.open()).key).toBeNull();

    // Both now see the same code, compare it and mark it verified: the space moves to a new key.
    expect(warned.safetyCode).toBe((await sponsor.open()).safetyCode);
    const verified = await sponsee.accept(true);
    expect(verified).toMatchObject({ verification: 'verified', sharing: 'ready' });
    expect(verified.reply.generation).toBe(2);
    await share(verified, 'written after we compared');
    const forSponsor = await sponsor.accept(true);
    expect(forSponsor).toMatchObject({ verification: 'verified', sharing: 'ready' });
    if (!forSponsor.key) throw new Error('the sponsor opens the new generation');
    const item = forSponsor.reply.items[0];
    expect(item && (await openItem(forSponsor.key, 'step-1', item.ciphertext))).toEqual({
      title: 'Step 1',
      blocks: [{ heading: 'written after we compared' }],
    });
    await call(sponsor.token, 'POST', `/api/sponsorship/spaces/${space}/items/step-1/comments`, {
      generation: 2,
      ciphertext: await sealComment(forSponsor.key, 'step-1', 'Proud of you'),
    });

    // The attacker's generation-1 key opens nothing stored now, and no copy is sealed to the attacker.
    expect(await attackerReads(generation1)).toEqual([]);
    expect(await attackerReads({ ...generation1, generation: 2 })).toEqual([]);
    const comment = await t.db.selectFrom('space_comments').select('ciphertext').executeTakeFirstOrThrow();
    await expect(
      openItem({ ...generation1, generation: 2 }, 'step-1', comment.ciphertext),
    ).rejects.toBeInstanceOf(CryptoError);
    for (const row of await t.db.selectFrom('space_keys').selectAll().execute()) {
      const at = { spaceId: space, generation: row.generation, recipientId: row.user_id };
      const copy = { enc: row.enc, wrappedKey: row.wrapped_key };
      await expect(openSpaceKey(attacker, copy, at, sponsee.identity.publicKey)).rejects.toBeInstanceOf(
        CryptoError,
      );
    }
    expect(
      (await t.db.selectFrom('space_keys').select('generation').execute()).map((r) => r.generation),
    ).toEqual([2, 2]);
  });
});

describe('a key swapped after verification', () => {
  it('is a warning on both sides, and nothing more is shared until the code is compared again', async () => {
    const opened = await sponsee.accept(true);
    await share(opened, 'step one');
    expect(canShare(await sponsor.accept(true))).toBe(true);
    await setPublicKey(sponsor.id, attacker.publicKey);
    const sponseeSees = await sponsee.open();
    expect(sponseeSees).toMatchObject({ verification: 'changed', sharing: 'changed' });
    expect(sponseeSees.reply.generation).toBe(1);
    expect((await sponsor.open()).refused).toBe('my-key');
    // The sponsee's own key swapped instead: her browser refuses, and the sponsor's opens nothing.
    await setPublicKey(sponsor.id, sponsor.identity.publicKey);
    await setPublicKey(sponsee.id, attacker.publicKey);
    expect((await sponsee.open()).refused).toBe('my-key');
    const sponsorSees = await sponsor.open();
    expect(sponsorSees).toMatchObject({ verification: 'changed', key: null });
    expect(canShare(sponsorSees)).toBe(false);
  });
});

describe('a rewritten reply', () => {
  it('that names another key for the reader is refused, whatever the database holds', async () => {
    await sponsee.accept(true);
    for (const who of [sponsee, sponsor]) {
      const reply: SpaceReply = await who.api.get(space);
      const rewritten = { ...reply, me: { ...reply.me, publicKey: attacker.publicKey } };
      const opened = await openSpace(who.identity, who.cipher, rewritten, who.api);
      expect(opened).toMatchObject({ refused: 'my-key', key: null, safetyCode: null, sharing: null });
    }
    expect((await get(t, `/api/sponsorship/spaces/${space}`, sponsee.token)).json().generation).toBe(1);
  });
});
