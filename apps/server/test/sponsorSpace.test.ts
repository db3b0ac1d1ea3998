import { SPACE_MESSAGES as M, MAX_SPACE_COMMENTS_PER_ITEM } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_VALUE,
  get,
  newUser,
  p256PublicKey,
  post,
  sealed,
  startTestApp,
  type TestApp,
  userIdOf,
} from './helpers.ts';
import { linkSponsor } from './sponsorLink.ts';

let t: TestApp;
let sponsee: string;
let sponsor: string;
let stranger: string;
let ids: Record<'sponsee' | 'sponsor' | 'stranger', string>;
let space: string;

const SPONSEE = 'sponsee@example.com';
const SPONSOR = 'sponsor@example.com';
const STRANGER = 'stranger@example.com';

/** Stand-ins for real key material: the server sees only their shape (and that a public key is a point). */
const bytes = (n: number, label: string) => Buffer.alloc(n, label).toString('base64');
const publicKey = p256PublicKey;
const wrapped = (userId: string, label = userId) => ({
  userId,
  enc: publicKey(`enc-${label}`),
  wrappedKey: bytes(48, label),
});

const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload: unknown, token: string) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}` },
  });

const putIdentity = (token: string, label: string, replaces?: string, password: string | null = AUTH_VALUE) =>
  send(
    'PUT',
    '/api/user/identity-key',
    {
      publicKey: publicKey(label),
      encryptedPrivateKey: sealed(label),
      replaces,
      password: password ?? undefined,
    },
    token,
  );

const S = (rest = '') => `/api/sponsorship/spaces/${space}${rest}`;
/** The sponsee's record of the sponsor key generation `n` was sealed to: ciphertext the server only keeps. */
const record = (n = 1) => sealed(`sealed to the sponsor's key, generation ${n}`);
const openSpace = () =>
  post(
    t,
    S('/key'),
    { generation: 1, keys: [wrapped(ids.sponsee), wrapped(ids.sponsor)], record: record() },
    sponsee,
  );
const share = (item: string, label: string, generation = 1, token = sponsee) =>
  send('PUT', S(`/items/${item}`), { generation, ciphertext: sealed(label) }, token);
const comment = (item: string, label: string, token: string, generation = 1) =>
  post(t, S(`/items/${item}/comments`), { generation, ciphertext: sealed(label) }, token);

beforeEach(async () => {
  t = await startTestApp();
  sponsee = await newUser(t, SPONSEE, 'Sunny');
  sponsor = await newUser(t, SPONSOR, 'Rowan');
  stranger = await newUser(t, STRANGER, 'Stray');
  ids = {
    sponsee: await userIdOf(t, SPONSEE),
    sponsor: await userIdOf(t, SPONSOR),
    stranger: await userIdOf(t, STRANGER),
  };
  space = await linkSponsor(t, sponsee, { token: sponsor, email: SPONSOR });
});
afterEach(async () => {
  await t.close();
});

describe('identity keys', () => {
  it('are null until made, then kept once; a new pair only takes over from the current one', async () => {
    expect((await get(t, '/api/user/identity-key', sponsee)).json()).toEqual({ identityKey: null });
    expect((await putIdentity(sponsee, 'a')).statusCode).toBe(200);
    expect((await get(t, '/api/user/identity-key', sponsee)).json().identityKey.publicKey).toBe(
      publicKey('a'),
    );
    const again = await putIdentity(sponsee, 'b');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(M.identityKeyExists);
    expect((await putIdentity(sponsee, 'b', publicKey('x'))).statusCode).toBe(409);
    expect((await putIdentity(sponsee, 'b', publicKey('a'))).statusCode).toBe(200);
    expect((await putIdentity(sponsee, 'c', publicKey('b'))).statusCode).toBe(200);
    expect((await get(t, '/api/user/identity-key', sponsee)).json().identityKey.publicKey).toBe(
      publicKey('c'),
    );
    expect((await get(t, '/api/user/identity-key', sponsor)).json()).toEqual({ identityKey: null });
  });

  it('are replaced only with the password again: a token alone puts no key of its own in place', async () => {
    await putIdentity(sponsee, 'mine');
    const alone = await putIdentity(sponsee, 'thief', publicKey('mine'), null);
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toMatchObject({
      code: 'reauth_required',
      detail: expect.stringContaining('password'),
    });
    const wrong = await putIdentity(
      sponsee,
      'thief',
      publicKey('mine'),
      Buffer.alloc(32, 9).toString('base64'),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
    expect((await get(t, '/api/user/identity-key', sponsee)).json().identityKey.publicKey).toBe(
      publicKey('mine'),
    );
  });

  it('must be points on P-256: 65 bytes that are not one are refused', async () => {
    const notAPoint = (first: number) => {
      const raw = Buffer.alloc(65, 7);
      raw[0] = first;
      return raw.toString('base64');
    };
    for (const key of [Buffer.alloc(65, 0).toString('base64'), notAPoint(4), notAPoint(2)]) {
      const res = await send(
        'PUT',
        '/api/user/identity-key',
        { publicKey: key, encryptedPrivateKey: sealed('k') },
        sponsee,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_public_key', detail: M.notAPublicKey });
    }
    expect((await get(t, '/api/user/identity-key', sponsee)).json()).toEqual({ identityKey: null });
  });

  it('refuse what is not a public key or a ciphertext, naming the field', async () => {
    const short = await send(
      'PUT',
      '/api/user/identity-key',
      { publicKey: bytes(32, 'k'), encryptedPrivateKey: sealed('k') },
      sponsee,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toContain('publicKey');
    const plain = await send(
      'PUT',
      '/api/user/identity-key',
      { publicKey: publicKey('k'), encryptedPrivateKey: 'not base64!' },
      sponsee,
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.json().detail).toContain('encryptedPrivateKey');
    expect((await get(t, '/api/user/identity-key', sponsee)).json()).toEqual({ identityKey: null });
  });
});

describe('opening a space', () => {
  it('shows both people each other’s public key, and waits for the sponsor’s before it opens', async () => {
    await putIdentity(sponsee, 'sponsee');
    const before = (await get(t, S(), sponsor)).json();
    expect(before).toMatchObject({ role: 'sponsor', generation: null, wrappedKey: null, status: 'active' });
    expect(before.partner).toEqual({
      userId: ids.sponsee,
      displayName: 'Sunny',
      publicKey: publicKey('sponsee'),
    });
    expect(before.me.publicKey).toBeNull();
    const waiting = await openSpace();
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toBe(M.noIdentityKey);
    await putIdentity(sponsor, 'sponsor');
    const opened = await openSpace();
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      generation: 1,
      wrappedKey: { enc: publicKey(`enc-${ids.sponsee}`) },
    });
    expect((await get(t, S(), sponsor)).json().wrappedKey.wrappedKey).toBe(bytes(48, ids.sponsor));
  });

  it('keeps the sponsee’s record of the key it was sealed to, for the sponsee alone, and needs one', async () => {
    await putIdentity(sponsee, 'sponsee');
    await putIdentity(sponsor, 'sponsor');
    const without = await post(
      t,
      S('/key'),
      { generation: 1, keys: [wrapped(ids.sponsee), wrapped(ids.sponsor)] },
      sponsee,
    );
    expect(without.statusCode).toBe(400);
    expect(without.json().detail).toContain('record');
    expect((await openSpace()).json().sealRecord).toBe(record());
    expect((await get(t, S(), sponsee)).json().sealRecord).toBe(record());
    expect((await get(t, S(), sponsor)).json().sealRecord).toBeNull();
  });

  it('is the sponsee’s to open, once, sealed to exactly the two of them', async () => {
    await putIdentity(sponsee, 'sponsee');
    await putIdentity(sponsor, 'sponsor');
    const bySponsor = await post(
      t,
      S('/key'),
      { generation: 1, keys: [wrapped(ids.sponsee), wrapped(ids.sponsor)], record: record() },
      sponsor,
    );
    expect(bySponsor.statusCode).toBe(403);
    for (const keys of [
      [wrapped(ids.sponsee)],
      [wrapped(ids.sponsee), wrapped(ids.stranger)],
      [wrapped(ids.sponsee), wrapped(ids.sponsee)],
    ]) {
      const wrong = await post(t, S('/key'), { generation: 1, keys, record: record() }, sponsee);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().detail).toBe(M.wrongMembers);
    }
    const [first, second] = await Promise.all([openSpace(), openSpace()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('space_keys').selectAll().execute()).toHaveLength(2);
  });

  it('is a 404 for anyone outside the relationship, and for an id that does not exist', async () => {
    for (const url of [S(), '/api/sponsorship/spaces/AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await get(t, url, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(M.notFound);
    }
    expect((await get(t, '/api/sponsorship/spaces/not-an-id', sponsee)).statusCode).toBe(400);
  });
});

describe('shared items, comments and review', () => {
  beforeEach(async () => {
    await putIdentity(sponsee, 'sponsee');
    await putIdentity(sponsor, 'sponsor');
    expect((await openSpace()).statusCode).toBe(200);
  });

  it('reach the sponsor as ciphertext, unread until read, and unread again when updated', async () => {
    expect((await share('step-1', 'step one v1')).statusCode).toBe(200);
    const seen = (await get(t, S(), sponsor)).json();
    expect(seen.items).toEqual([
      expect.objectContaining({
        itemKey: 'step-1',
        ciphertext: sealed('step one v1'),
        unread: true,
        reviewedAt: null,
      }),
    ]);
    expect((await get(t, '/api/sponsorship/spaces', sponsor)).json().spaces).toEqual([
      expect.objectContaining({
        relationshipId: space,
        role: 'sponsor',
        partnerName: 'Sunny',
        itemCount: 1,
        unreadCount: 1,
      }),
    ]);
    expect((await post(t, S('/items/step-1/read'), undefined, sponsor)).json().items[0].unread).toBe(false);
    t.advance(1000);
    await share('step-1', 'step one v2');
    expect((await get(t, S(), sponsor)).json().items[0]).toMatchObject({
      ciphertext: sealed('step one v2'),
      unread: true,
    });
    expect((await get(t, S(), sponsee)).json().items[0].unread).toBe(false);
  });

  it('are the sponsee’s to share, only items that exist, only under the current key', async () => {
    expect((await share('step-1', 'x', 1, sponsor)).statusCode).toBe(403);
    expect((await share('step-13', 'x')).statusCode).toBe(400);
    expect((await share('inventory-resentments', 'x')).statusCode).toBe(200);
    const stale = await share('step-2', 'x', 2);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(M.staleGeneration);
    const plain = await send(
      'PUT',
      S('/items/step-2'),
      { generation: 1, ciphertext: 'my plain answers' },
      sponsee,
    );
    expect(plain.statusCode).toBe(400);
    expect((await share('step-1', 'x', 1, stranger)).statusCode).toBe(404);
  });

  it('carry comments from both, unread for the other, and a review mark the sponsee sees', async () => {
    await share('step-1', 'step one');
    expect((await comment('step-2', 'on nothing', sponsor)).statusCode).toBe(404);
    t.advance(1000);
    expect((await comment('step-1', 'from the sponsor', sponsor)).statusCode).toBe(200);
    const forSponsee = (await get(t, S(), sponsee)).json();
    expect(forSponsee.comments).toEqual([
      expect.objectContaining({
        itemKey: 'step-1',
        author: 'sponsor',
        ciphertext: sealed('from the sponsor'),
      }),
    ]);
    expect(forSponsee.items[0].unread).toBe(true);
    t.advance(1000);
    await comment('step-1', 'from the sponsee', sponsee);
    expect((await get(t, S(), sponsee)).json().items[0].unread).toBe(false);
    expect((await get(t, S(), sponsor)).json().comments.map((c: { author: string }) => c.author)).toEqual([
      'sponsor',
      'sponsee',
    ]);
    expect((await post(t, S('/items/step-1/review'), undefined, sponsee)).statusCode).toBe(403);
    const reviewed = await post(t, S('/items/step-1/review'), undefined, sponsor);
    expect(reviewed.json().items[0].reviewedAt).toEqual(expect.any(String));
    expect((await get(t, S(), sponsee)).json().items[0].reviewedAt).toEqual(
      reviewed.json().items[0].reviewedAt,
    );
    expect((await comment('step-1', 'x', stranger)).statusCode).toBe(404);
  });

  it('hold at most the thread limit of comments, also when sent at once', async () => {
    await share('step-1', 'step one');
    const now = Date.now();
    await t.db
      .insertInto('space_comments')
      .values(
        Array.from({ length: MAX_SPACE_COMMENTS_PER_ITEM - 2 }, (_, i) => ({
          id: `c${i}`,
          relationship_id: space,
          item_key: 'step-1',
          author_user_id: ids.sponsor,
          generation: 1,
          ciphertext: sealed(`c${i}`),
          created_at: now,
        })),
      )
      .execute();
    const replies = await Promise.all(
      [1, 2, 3, 4].map((n) => comment('step-1', `late ${n}`, n % 2 ? sponsor : sponsee)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect(replies.find((r) => r.statusCode === 409)?.json().detail).toBe(M.tooManyComments);
    const count = await t.db
      .selectFrom('space_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_SPACE_COMMENTS_PER_ITEM);
  });

  it('stop being shared: the sponsor’s copy and its thread are deleted', async () => {
    await share('step-1', 'step one');
    await share('step-2', 'step two');
    await comment('step-1', 'note', sponsor);
    expect((await send('DELETE', S('/items/step-1'), undefined, sponsor)).statusCode).toBe(403);
    const stopped = await send('DELETE', S('/items/step-1'), undefined, sponsee);
    expect(stopped.json()).toEqual({ message: M.stoppedSharing });
    const seen = (await get(t, S(), sponsor)).json();
    expect(seen.items.map((i: { itemKey: string }) => i.itemKey)).toEqual(['step-2']);
    expect(seen.comments).toEqual([]);
    expect(
      await t.db.selectFrom('space_items').select('ciphertext').where('item_key', '=', 'step-1').execute(),
    ).toEqual([]);
    expect((await send('DELETE', S('/items/step-1'), undefined, sponsee)).statusCode).toBe(404);
  });

  it('keep each person’s verification for them alone', async () => {
    expect(
      (await send('PUT', S('/verification'), { ciphertext: sealed('verified sponsor key') }, sponsee))
        .statusCode,
    ).toBe(200);
    expect((await get(t, S(), sponsee)).json().verification).toBe(sealed('verified sponsor key'));
    expect((await get(t, S(), sponsor)).json().verification).toBeNull();
    expect((await send('PUT', S('/verification'), { ciphertext: sealed('x') }, stranger)).statusCode).toBe(
      404,
    );
  });
});

describe('when the relationship ends', () => {
  beforeEach(async () => {
    await putIdentity(sponsee, 'sponsee');
    await putIdentity(sponsor, 'sponsor');
    await openSpace();
    await share('step-1', 'step one');
    await comment('step-1', 'sponsor note', sponsor);
    await comment('step-1', 'sponsee reply', sponsee);
    t.advance(1000);
  });

  const end = (token: string) =>
    send('PUT', `/api/sponsorship/relationships/${space}/end`, { reason: '' }, token);

  it('the former sponsor loses the space at once, their copies and keys deleted', async () => {
    expect((await end(sponsor)).statusCode).toBe(200);
    for (const res of [
      await get(t, S(), sponsor),
      await comment('step-1', 'x', sponsor),
      await post(t, S('/items/step-1/read'), undefined, sponsor),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await t.db.selectFrom('space_items').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('space_keys').select('user_id').execute()).toEqual([
      { user_id: ids.sponsee },
    ]);
    expect((await get(t, '/api/sponsorship/spaces', sponsor)).json().spaces).toEqual([]);
    expect((await share('step-2', 'after the end')).statusCode).toBe(404);
  });

  it('the sponsee keeps the threads and moves them to a new key sealed to them alone', async () => {
    await end(sponsee);
    const ended = (await get(t, S(), sponsee)).json();
    expect(ended).toMatchObject({ status: 'ended', rotationDue: true, generation: 1, items: [] });
    expect(ended.comments).toHaveLength(2);
    const moved = ended.comments.map((c: { id: string }) => ({
      id: c.id,
      ciphertext: sealed(`moved ${c.id}`),
    }));
    const body = { generation: 2, keys: [wrapped(ids.sponsee, 'gen2')], comments: moved };
    expect((await post(t, S('/rotate'), { ...body, comments: moved.slice(1) }, sponsee)).json().code).toBe(
      'comments_changed',
    );
    expect((await post(t, S('/rotate'), { ...body, keys: [wrapped(ids.sponsor)] }, sponsee)).statusCode).toBe(
      400,
    );
    expect((await get(t, S(), sponsee)).json().generation).toBe(1);
    const rotated = await post(t, S('/rotate'), body, sponsee);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({
      generation: 2,
      rotationDue: false,
      wrappedKey: { wrappedKey: bytes(48, 'gen2') },
    });
    expect(
      rotated
        .json()
        .comments.map((c: { ciphertext: string; generation: number }) => [c.ciphertext, c.generation]),
    ).toEqual(moved.map((c: { ciphertext: string }) => [c.ciphertext, 2]));
    expect(await t.db.selectFrom('space_keys').select(['user_id', 'generation']).execute()).toEqual([
      { user_id: ids.sponsee, generation: 2 },
    ]);
    expect((await post(t, S('/rotate'), body, sponsee)).json().code).toBe('stale_generation');
  });
});

describe('sealing the space again while the relationship is active', () => {
  beforeEach(async () => {
    await putIdentity(sponsee, 'sponsee');
    await putIdentity(sponsor, 'sponsor');
    await openSpace();
    await share('step-1', 'step one');
    await share('three-circles', 'circles');
    await comment('step-1', 'sponsor note', sponsor);
  });

  const moved = async () => {
    const now = (await get(t, S(), sponsee)).json();
    return {
      generation: 2,
      keys: [wrapped(ids.sponsee, 'gen2-sponsee'), wrapped(ids.sponsor, 'gen2-sponsor')],
      record: record(2),
      comments: now.comments.map((c: { id: string }) => ({ id: c.id, ciphertext: sealed(`moved ${c.id}`) })),
      items: now.items.map((i: { itemKey: string }) => ({
        itemKey: i.itemKey,
        ciphertext: sealed(`moved ${i.itemKey}`),
      })),
    };
  };

  it('moves every item and comment to a new key sealed to both, with the new record', async () => {
    const body = await moved();
    const rotated = await post(t, S('/rotate'), body, sponsee);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({ generation: 2, sealRecord: record(2), status: 'active' });
    const forSponsor = (await get(t, S(), sponsor)).json();
    expect(forSponsor.wrappedKey.wrappedKey).toBe(bytes(48, 'gen2-sponsor'));
    expect(
      forSponsor.items.map((i: { ciphertext: string; generation: number }) => [i.ciphertext, i.generation]),
    ).toEqual([
      [sealed('moved step-1'), 2],
      [sealed('moved three-circles'), 2],
    ]);
    expect(forSponsor.comments.map((c: { generation: number }) => c.generation)).toEqual([2]);
    expect(
      await t.db.selectFrom('space_keys').select(['user_id', 'generation']).orderBy('user_id').execute(),
    ).toEqual([ids.sponsee, ids.sponsor].sort().map((user_id) => ({ user_id, generation: 2 })));
    expect((await post(t, S('/rotate'), body, sponsee)).json().code).toBe('stale_generation');
  });

  it('takes every item or none, both people, a record, and only from the sponsee', async () => {
    const body = await moved();
    const tries: [unknown, number, string][] = [
      [{ ...body, items: body.items.slice(1) }, 409, 'items_changed'],
      [{ ...body, comments: [] }, 409, 'comments_changed'],
      [{ ...body, keys: body.keys.slice(0, 1) }, 400, 'wrong_members'],
      [{ ...body, keys: [body.keys[0], wrapped(ids.stranger)] }, 400, 'wrong_members'],
      [{ ...body, record: undefined }, 400, 'record_needed'],
      [{ ...body, items: [{ itemKey: 'step-1', ciphertext: 'my plain answers' }] }, 400, 'invalid_input'],
    ];
    for (const [payload, status, code] of tries) {
      const res = await post(t, S('/rotate'), payload, sponsee);
      expect([res.statusCode, res.json().code]).toEqual([
        status,
        expect.stringContaining(code.split('_')[0] ?? code),
      ]);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await post(t, S('/rotate'), body, sponsor)).statusCode).toBe(403);
    expect((await post(t, S('/rotate'), body, stranger)).statusCode).toBe(404);
    const unchanged = (await get(t, S(), sponsor)).json();
    expect(unchanged.generation).toBe(1);
    expect(unchanged.items[0].ciphertext).toBe(sealed('step one'));
  });
});
