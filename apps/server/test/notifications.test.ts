import { MAX_NOTIFICATIONS, NOTICE_MAIL } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  get,
  newUser,
  p256PublicKey,
  post,
  sealed,
  startTestApp,
  type TestApp,
  userIdOf,
} from './helpers.ts';
import { linkSponsor, mailedInvitationToken } from './sponsorLink.ts';

let t: TestApp;
let sponsee: string;
let sponsor: string;
let space: string;
const SPONSEE = 'sunny@example.com';
const SPONSOR = 'rowan@example.com';
const HOUR = 3_600_000;

const send = (method: 'PUT' | 'POST', url: string, payload: unknown, token: string) =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
const bytes = (n: number, label: string) => Buffer.alloc(n, label).toString('base64');
const notes = async (token: string) => (await get(t, '/api/notifications', token)).json();
const noticeMailsTo = (email: string) =>
  t.mailbox.filter((m) => m.to === email && m.subject === NOTICE_MAIL.subject);

async function openSpaceWithStep() {
  for (const [token, label] of [
    [sponsee, 'a'],
    [sponsor, 'b'],
  ] as const) {
    await send(
      'PUT',
      '/api/user/identity-key',
      { publicKey: p256PublicKey(label), encryptedPrivateKey: sealed(label) },
      token,
    );
  }
  const keys = [await userIdOf(t, SPONSEE), await userIdOf(t, SPONSOR)].map((id) => ({
    userId: id,
    enc: bytes(65, 'e'),
    wrappedKey: bytes(48, id),
  }));
  await post(
    t,
    `/api/sponsorship/spaces/${space}/key`,
    { generation: 1, keys, record: sealed('record') },
    sponsee,
  );
  await send(
    'PUT',
    `/api/sponsorship/spaces/${space}/items/step-1`,
    { generation: 1, ciphertext: sealed('step') },
    sponsee,
  );
}

const commentBy = (token: string, label: string) =>
  post(
    t,
    `/api/sponsorship/spaces/${space}/items/step-1/comments`,
    { generation: 1, ciphertext: sealed(label) },
    token,
  );

beforeEach(async () => {
  t = await startTestApp();
  sponsee = await newUser(t, SPONSEE, 'Sunny');
  sponsor = await newUser(t, SPONSOR, 'Rowan');
  space = await linkSponsor(t, sponsee, { token: sponsor, email: SPONSOR });
});
afterEach(async () => {
  await t.close();
});

describe('notes in the app', () => {
  it('tell the sponsee their invitation was accepted, naming the sponsor as they chose', async () => {
    const { notifications, unreadCount } = await notes(sponsee);
    expect(unreadCount).toBe(1);
    expect(notifications[0]).toMatchObject({
      kind: 'accepted',
      otherName: 'Rowan',
      relationshipId: space,
      read: false,
    });
    expect((await notes(sponsor)).notifications).toEqual([]);
  });

  it('come for a comment, a review and an update, and are read all at once', async () => {
    await openSpaceWithStep();
    t.advance(1000);
    await commentBy(sponsor, 'note');
    t.advance(1000);
    await post(t, `/api/sponsorship/spaces/${space}/items/step-1/review`, undefined, sponsor);
    const mine = (await notes(sponsee)).notifications.map((n: { kind: string; itemKey: string | null }) => [
      n.kind,
      n.itemKey,
    ]);
    expect(mine).toEqual([
      ['reviewed', 'step-1'],
      ['comment', 'step-1'],
      ['accepted', null],
    ]);
    const read = (await post(t, '/api/notifications/read', undefined, sponsee)).json();
    expect(read.unreadCount).toBe(0);
    expect(read.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await notes(sponsor)).notifications.map((n: { kind: string }) => n.kind)).toEqual([
      'shared-updated',
    ]);
  });

  it('tell the sponsor of a reach-out once, by its note, not by the thread opening', async () => {
    await openSpaceWithStep();
    await post(t, '/api/notifications/read', undefined, sponsor);
    const reachOut = `/api/sponsorship/spaces/${space}/items/reach-out`;
    t.advance(1000);
    expect(
      (await send('PUT', reachOut, { generation: 1, ciphertext: sealed('thread') }, sponsee)).statusCode,
    ).toBe(200);
    t.advance(1000);
    const note = { generation: 1, ciphertext: sealed('middle circle') };
    expect((await post(t, `${reachOut}/comments`, note, sponsee)).statusCode).toBe(200);
    const { notifications, unreadCount } = await notes(sponsor);
    expect(unreadCount).toBe(1);
    expect(notifications[0]).toMatchObject({ kind: 'comment', itemKey: 'reach-out', otherName: 'Sunny' });
  });

  it('count many saves of one shared item as one unread note', async () => {
    await openSpaceWithStep();
    for (const n of [1, 2, 3]) {
      t.advance(1000);
      await send(
        'PUT',
        `/api/sponsorship/spaces/${space}/items/step-1`,
        { generation: 1, ciphertext: sealed(`v${n}`) },
        sponsee,
      );
    }
    expect((await notes(sponsor)).notifications).toHaveLength(1);
    await post(t, '/api/notifications/read', undefined, sponsor);
    await send(
      'PUT',
      `/api/sponsorship/spaces/${space}/items/step-1`,
      { generation: 1, ciphertext: sealed('v4') },
      sponsee,
    );
    expect((await notes(sponsor)).unreadCount).toBe(1);
    expect((await notes(sponsor)).notifications).toHaveLength(2);
  });

  it(`keep the newest ${MAX_NOTIFICATIONS} for each person`, async () => {
    await openSpaceWithStep();
    for (let i = 0; i < MAX_NOTIFICATIONS + 3; i++) {
      t.advance(10);
      await commentBy(sponsee, `c${i}`);
    }
    const count = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', await userIdOf(t, SPONSOR))
      .execute();
    expect(count).toHaveLength(MAX_NOTIFICATIONS);
  });

  it('tell the other person when one ends the relationship, and the inviter when an invitation is declined', async () => {
    t.advance(1000);
    await send('PUT', `/api/sponsorship/relationships/${space}/end`, { reason: '' }, sponsor);
    expect((await notes(sponsee)).notifications[0]).toMatchObject({ kind: 'ended', otherName: 'Rowan' });
    const invited = await post(
      t,
      '/api/sponsorship/invitations',
      { inviteeEmail: 'kim@example.com', inviteeDisplayName: 'Kim', program: 'SAA', role: 'sponsor' },
      sponsee,
    );
    const token = mailedInvitationToken(t, 'kim@example.com');
    t.advance(1000);
    await post(t, '/api/sponsorship/invitations/respond', {
      invitationId: invited.json().id,
      token,
      accept: false,
    });
    expect((await notes(sponsee)).notifications[0]).toMatchObject({ kind: 'declined', otherName: 'Kim' });
  });
});

describe('the e-mail about new notes', () => {
  it('is neutral, carries nothing of what was written, and comes at most once an hour', async () => {
    await openSpaceWithStep();
    expect(noticeMailsTo(SPONSEE)).toHaveLength(1); // the accepted invitation
    await commentBy(sponsor, 'a very private comment');
    expect(noticeMailsTo(SPONSEE)).toHaveLength(1);
    t.advance(HOUR + 1);
    await commentBy(sponsor, 'another');
    await t.deps.outbox.deliverDue();
    const mails = noticeMailsTo(SPONSEE);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toBe(NOTICE_MAIL.text);
      expect(`${mail.subject} ${mail.text}`.toLowerCase()).not.toMatch(
        /addict|sex|step|rowan|comment|sponsor/,
      );
    }
  });

  it('can be turned off by each person, and the notes still come', async () => {
    expect((await get(t, '/api/notifications/settings', sponsor)).json()).toEqual({ byEmail: true });
    expect((await send('PUT', '/api/notifications/settings', { byEmail: false }, sponsor)).json()).toEqual({
      byEmail: false,
    });
    expect((await get(t, '/api/notifications/settings', sponsor)).json()).toEqual({ byEmail: false });
    expect((await get(t, '/api/notifications/settings', sponsee)).json()).toEqual({ byEmail: true });
    await openSpaceWithStep();
    await t.deps.outbox.deliverDue();
    expect(noticeMailsTo(SPONSOR)).toEqual([]);
    expect((await notes(sponsor)).unreadCount).toBe(1);
    const bad = await send('PUT', '/api/notifications/settings', { byEmail: 'no' }, sponsor);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('byEmail');
  });
});
