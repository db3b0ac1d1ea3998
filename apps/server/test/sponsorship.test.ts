import { createHmac } from 'node:crypto';
import { SPONSORSHIP_MESSAGES as M } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_VALUE, get, mailServerDown, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
const A = 'alice@example.com';
const B = 'bob@example.com';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const S = '/api/sponsorship';

beforeEach(async () => {
  t = await startTestApp();
  alice = await newUser(t, A, 'Alice');
  bob = await newUser(t, B, 'Bob');
});
afterEach(async () => {
  await t.close();
});

const put = async (url: string, payload: unknown, token?: string) => {
  const reply = await t.app.inject({
    method: 'PUT',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await t.deps.outbox.deliverDue();
  return reply;
};

const invite = (token: string, overrides: Record<string, unknown> = {}) =>
  post(t, `${S}/invitations`, { inviteeEmail: B, program: 'SAA', role: 'sponsor', ...overrides }, token);

/** The token in the newest invitation mail to an address. */
function mailedToken(email: string): string {
  const mail = [...t.mailbox].reverse().find((m) => m.to === email && m.text.includes('/invite?token='));
  const token = mail?.text.match(/\/invite\?token=([A-Za-z0-9_.-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

async function sendInvitation(from = alice, to = B, overrides: Record<string, unknown> = {}) {
  const res = await invite(from, { inviteeEmail: to, ...overrides });
  if (res.statusCode !== 200) throw new Error(`invite failed: ${res.body}`);
  return { id: res.json().id as string, token: mailedToken(to) };
}

/** Sessions last 30 days too, so tests that move past an expiry sign in again. */
async function signInAgain() {
  const login = async (email: string) =>
    (await post(t, '/api/auth/login', { email, password: AUTH_VALUE })).json().token as string;
  alice = await login(A);
  bob = await login(B);
}

const respond = (body: Record<string, unknown>, token?: string) =>
  post(t, `${S}/invitations/respond`, body, token);

describe('creating and reading invitations', () => {
  it('mails a signed single-use link, stores only its hash, and shows the page what it needs', async () => {
    const created = await invite(alice, { inviteeDisplayName: 'Bobby', inviterDisplayName: 'Al' });
    expect(created.statusCode).toBe(200);
    const inv = created.json();
    expect(inv).toMatchObject({
      inviterDisplayName: 'Al',
      inviterEmail: A,
      inviteeEmail: B,
      inviteeDisplayName: 'Bobby',
      program: 'SAA',
      role: 'sponsor',
      inviterRole: 'sponsee',
      status: 'pending',
      direction: 'sent',
      canCancel: true,
      canResend: false,
      expiringSoon: false,
    });
    expect(Date.parse(inv.tokenExpiresAt) - Date.parse(inv.createdAt)).toBeGreaterThan(30 * DAY - 1000);
    expect(inv.token).toBeUndefined();

    const mail = t.mailbox.at(-1);
    expect(mail?.to).toBe(B);
    expect(mail?.subject).toBe('An invitation on SAM');
    expect(mail?.text).toContain(`${t.deps.config.appOrigin}/invite?token=`);
    expect(mail?.text).toContain('Al asked you to be their sponsor in SAA');
    expect(mail?.text).not.toContain(A);
    const token = mailedToken(B);
    expect(token.split('.')).toHaveLength(3);
    const row = await t.db.selectFrom('sponsorship_invitations').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await get(t, `${S}/invitations/token/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      id: inv.id,
      inviterDisplayName: 'Al',
      inviteeEmail: B,
      inviteeDisplayName: 'Bobby',
      program: 'SAA',
      role: 'sponsor',
      inviterRole: 'sponsee',
      status: 'pending',
      tokenExpiresAt: inv.tokenExpiresAt,
      expiringSoon: false,
    });
    expect(page.body).not.toContain(A);

    const received = await get(t, `${S}/invitations/${inv.id}`, bob);
    expect(received.json()).toMatchObject({ direction: 'received', canCancel: false, inviterEmail: A });
    expect((await get(t, `${S}/invitations`, bob)).json().invitations).toHaveLength(1);
    expect((await get(t, `${S}/invitations/pending/${B}`, bob)).json().invitations).toHaveLength(1);
    expect((await get(t, `${S}/invitations?status=accepted`, alice)).json().invitations).toEqual([]);
    expect((await get(t, `${S}/invitations?direction=sent`, alice)).json().invitations).toHaveLength(1);
  });

  it("uses the profile's display name by default and warns when less than 3 days are left", async () => {
    await sendInvitation();
    expect((await get(t, `${S}/invitations`, alice)).json().invitations[0].inviterDisplayName).toBe('Alice');
    t.advance(27 * DAY + HOUR);
    expect((await get(t, `${S}/invitations`, alice)).json().invitations[0].expiringSoon).toBe(true);
  });

  it('refuses bad bodies with 400 naming the field, and visitors with 401', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ inviteeEmail: 'not-an-email' }, 'inviteeEmail'],
      [{ inviteeEmail: `${'a'.repeat(243)}@example.com` }, 'inviteeEmail'],
      [{ program: 'S' }, 'program'],
      [{ program: 'A'.repeat(21) }, 'program'],
      [{ program: 'saa' }, 'program'],
      [{ role: 'friend' }, 'role'],
      [{ inviteeDisplayName: 'a'.repeat(101) }, 'inviteeDisplayName'],
      [{ inviterDisplayName: '<b>Al</b>' }, 'inviterDisplayName'],
    ];
    for (const [body, field] of cases) {
      const res = await invite(alice, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().detail.startsWith(`${field}:`), res.body).toBe(true);
    }
    expect(
      (await invite(alice, { inviteeDisplayName: 'a'.repeat(100), program: 'A'.repeat(20) })).statusCode,
    ).toBe(200);

    const none = await invite('');
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('No authentication token found');
    for (const url of [`${S}/invitations`, `${S}/relationships`, `${S}/stats`]) {
      expect((await get(t, url)).statusCode).toBe(401);
    }
    expect(await t.db.selectFrom('sponsorship_invitations').selectAll().execute()).toHaveLength(1);
  });

  it('refuses the addresses an account may not have (NUL, bidi and other control marks) on every route', async () => {
    // Each would pass a plain something@something.tld check; the account e-mail schema refuses them all.
    const bad = [
      'bo\u0000b@example.com',
      'bob\u202e@example.com',
      'bob@exa\u2066mple.com',
      'bob\u200f@example.com',
      'bo\u0007b@example.com',
    ];
    for (const email of bad) {
      const label = JSON.stringify(email);
      const created = await invite(alice, { inviteeEmail: email });
      expect(created.statusCode, label).toBe(400);
      expect(created.json(), label).toEqual({
        detail: 'inviteeEmail: Please enter a valid email address',
        code: 'invalid_input',
      });
      const validated = await post(
        t,
        `${S}/invitations/validate`,
        { inviteeEmail: email, program: 'SAA', role: 'sponsor' },
        alice,
      );
      expect(validated.json().valid, label).toBe(false);
      expect(
        validated.json().errors.map((e: { field: string }) => e.field),
        label,
      ).toEqual(['inviteeEmail']);
      for (const url of [`${S}/invitations/check-duplicates`, `${S}/invitations/history`]) {
        const res = await post(t, url, { inviteeEmail: email, program: 'SAA' }, alice);
        expect(res.statusCode, `${url} ${label}`).toBe(400);
        expect(res.json().detail, `${url} ${label}`).toMatch(/^inviteeEmail: /);
      }
      const changed = await post(t, `${S}/email-change`, { oldEmail: A, newEmail: email }, alice);
      expect(changed.statusCode, label).toBe(400);
      expect(changed.json().detail, label).toMatch(/^newEmail: /);
      const pending = await get(t, `${S}/invitations/pending/${encodeURIComponent(email)}`, alice);
      expect(pending.statusCode, label).toBe(400);
    }
    expect(await t.db.selectFrom('sponsorship_invitations').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
    expect(t.mailbox.filter((m) => m.to !== A && m.to !== B)).toEqual([]);
  });

  it('refuses inviting oneself and a duplicate pending invitation for the same e-mail, program and role', async () => {
    const self = await invite(alice, { inviteeEmail: 'ALICE@example.com' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: M.selfInvitation, code: 'self_invitation' });

    await sendInvitation();
    const dup = await invite(alice);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: M.duplicate, code: 'duplicate_invitation' });
    expect((await invite(alice, { role: 'sponsee' })).statusCode).toBe(200);
    expect((await invite(alice, { program: 'AA' })).statusCode).toBe(200);
  });

  it('allows the 10th pending invitation and refuses the 11th', async () => {
    for (let i = 1; i <= 10; i++) {
      expect((await invite(alice, { inviteeEmail: `p${i}@example.com` })).statusCode).toBe(200);
    }
    const eleventh = await invite(alice, { inviteeEmail: 'p11@example.com' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ detail: M.maxPending, code: 'max_pending_invitations' });
    expect((await get(t, `${S}/stats`, alice)).json()).toMatchObject({ pendingSent: 10 });

    const first = (await get(t, `${S}/invitations`, alice)).json().invitations.at(-1);
    expect((await put(`${S}/invitations/${first.id}/cancel`, undefined, alice)).statusCode).toBe(200);
    expect((await invite(alice, { inviteeEmail: 'p11@example.com' })).statusCode).toBe(200);
  });

  it('limits invitation creates to 20 an hour with the 429 text, and rate-limit/check answers without counting', async () => {
    const check = () => post(t, `${S}/rate-limit/check`, { action: 'create_invitation' }, alice);
    expect((await check()).json()).toEqual({
      action: 'create_invitation',
      allowed: true,
      limit: 20,
      windowSeconds: 3600,
    });
    for (let i = 1; i <= 20; i++) {
      const res = await invite(alice, { inviteeEmail: `r${i}@example.com` });
      expect(res.statusCode).toBe(i <= 10 ? 200 : 409);
      expect((await check()).json().allowed).toBe(i < 20);
    }
    const limited = await invite(alice, { inviteeEmail: 'r21@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Too many requests. Please try again later.',
      code: 'rate_limited',
    });
    expect(
      (await post(t, `${S}/rate-limit/check`, { action: 'report_invitation' }, alice)).json().allowed,
    ).toBe(true);
    expect((await post(t, `${S}/rate-limit/check`, { action: 'fly' }, alice)).statusCode).toBe(400);
  });
});

describe('responding with the token', () => {
  it('accepts for the signed-in invitee, creates the relationship for both, and refuses the reused token', async () => {
    const { id, token } = await sendInvitation(alice, B, { role: 'sponsor' });
    const second = await sendInvitation(bob, A, { role: 'sponsee' });
    const accepted = await respond({ invitationId: id, token, accept: true, displayName: 'Bob S.' }, bob);
    expect(accepted.statusCode).toBe(200);
    const { relationship } = accepted.json();
    expect(relationship).toMatchObject({
      program: 'SAA',
      status: 'active',
      role: 'sponsor',
      otherRole: 'sponsee',
      displayName: 'Bob S.',
      otherDisplayName: 'Alice',
      otherEmail: A,
      endedAt: null,
    });
    const forAlice = (await get(t, `${S}/relationships`, alice)).json().relationships;
    expect(forAlice).toHaveLength(1);
    expect(forAlice[0]).toMatchObject({ role: 'sponsee', otherDisplayName: 'Bob S.', otherEmail: B });
    expect((await get(t, `${S}/relationships?role=sponsee`, alice)).json().relationships).toHaveLength(1);
    expect((await get(t, `${S}/relationships?role=sponsor`, alice)).json().relationships).toHaveLength(0);
    expect((await get(t, `${S}/invitations/${id}`, alice)).json().status).toBe('accepted');

    const again = await respond({ invitationId: id, token, accept: true }, bob);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This invitation has already been responded to',
      code: 'already_responded',
    });
    expect((await respond({ invitationId: id, token, accept: false })).statusCode).toBe(409);
    expect((await get(t, `${S}/invitations/token/${token}`)).json().code).toBe('already_responded');
    expect(await t.db.selectFrom('sponsorship_relationships').selectAll().execute()).toHaveLength(1);

    // The same two people cannot be joined twice in one program.
    const dup = await respond({ invitationId: second.id, token: second.token, accept: true }, alice);
    expect(dup.json().code).toBe('relationship_exists');
    expect((await invite(alice)).json().code).toBe('relationship_exists');
  });

  it('declines without an account (even with a stale session), once', async () => {
    const { id, token } = await sendInvitation();
    const declined = await respond({ invitationId: id, token, accept: false }, 'stale-session-token');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ status: 'declined', message: M.declined, relationship: null });
    expect((await get(t, `${S}/invitations/${id}`, alice)).json().status).toBe('declined');
    expect((await respond({ invitationId: id, token, accept: false })).json().code).toBe('already_responded');
  });

  it('accepts only for a signed-in account with the invited e-mail', async () => {
    const { id, token } = await sendInvitation();
    const visitor = await respond({ invitationId: id, token, accept: true });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('sign_in_required');
    const carol = await newUser(t, 'carol@example.com', 'Carol');
    const wrong = await respond({ invitationId: id, token, accept: true }, carol);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('wrong_account');
    expect((await respond({ invitationId: id, token, accept: true }, alice)).json().code).toBe(
      'self_relationship',
    );
    expect((await respond({ invitationId: id, token, accept: true }, bob)).statusCode).toBe(200);
  });

  it('refuses an expired token with the expired text', async () => {
    const { id, token } = await sendInvitation();
    t.advance(30 * DAY - 1000);
    expect((await get(t, `${S}/invitations/token/${token}`)).statusCode).toBe(200);
    t.advance(1000);
    await signInAgain();
    const page = await get(t, `${S}/invitations/token/${token}`);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual({ detail: 'This invitation has expired', code: 'expired' });
    expect((await respond({ invitationId: id, token, accept: true }, bob)).statusCode).toBe(410);
    expect((await respond({ invitationId: id, token, accept: false })).statusCode).toBe(410);
    const listed = (await get(t, `${S}/invitations?status=expired`, alice)).json().invitations;
    expect(listed.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await get(t, `${S}/invitations/pending/${B}`, bob)).json().invitations).toEqual([]);
  });

  it('refuses forged, altered and malformed tokens', async () => {
    const { id, token } = await sendInvitation();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 999_999 })).toString('base64url')}.${signature}`;
    const forgedBody = `${header}.${payload}`;
    const forged = `${forgedBody}.${createHmac('sha256', 'not-the-server-secret').update(forgedBody).digest('base64url')}`;
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const bad of [altered, forged, flipped, noneAlg, `${header}.${payload}`, 'a.b.c', 'garbage']) {
      const page = await get(t, `${S}/invitations/token/${encodeURIComponent(bad)}`);
      expect(page.statusCode, bad).toBe(400);
      expect(page.json()).toEqual({ detail: 'Invalid or expired token', code: 'invalid_token' });
      expect((await respond({ invitationId: id, token: bad, accept: false })).json().code).toBe(
        'invalid_token',
      );
    }
    // A real token cannot answer a different invitation.
    const other = await sendInvitation(alice, 'dana@example.com');
    expect((await respond({ invitationId: other.id, token, accept: false })).json().code).toBe(
      'invalid_token',
    );
    expect((await respond({ invitationId: id, token: '', accept: false })).statusCode).toBe(400);
    expect((await get(t, `${S}/invitations/${id}`, alice)).json().status).toBe('pending');
  });
});

describe('cancel and resend', () => {
  it('cancels only a pending invitation, only by its sender', async () => {
    const { id, token } = await sendInvitation();
    const byInvitee = await put(`${S}/invitations/${id}/cancel`, undefined, bob);
    expect(byInvitee.statusCode).toBe(403);
    expect(byInvitee.json().code).toBe('not_inviter');
    const canceled = await put(`${S}/invitations/${id}/cancel`, undefined, alice);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'canceled', canCancel: false, canResend: false });
    const twice = await put(`${S}/invitations/${id}/cancel`, undefined, alice);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('cannot_cancel');
    t.advance(2 * DAY);
    expect((await put(`${S}/invitations/${id}/resend`, undefined, alice)).json().code).toBe('cannot_resend');
    const page = await get(t, `${S}/invitations/token/${token}`);
    expect(page.statusCode).toBe(409);
    expect(page.json().code).toBe('canceled');
  });

  it('resends not within 24 hours of the last send, with a new token and a new expiry', async () => {
    const { id, token } = await sendInvitation();
    const tooSoon = await put(`${S}/invitations/${id}/resend`, undefined, alice);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({ detail: M.resendCooldown, code: 'resend_cooldown' });
    t.advance(24 * HOUR - 1);
    expect((await put(`${S}/invitations/${id}/resend`, undefined, alice)).json().code).toBe(
      'resend_cooldown',
    );
    t.advance(1);
    const before = t.mailbox.length;
    const resent = await put(`${S}/invitations/${id}/resend`, undefined, alice);
    expect(resent.statusCode).toBe(200);
    expect(Date.parse(resent.json().tokenExpiresAt)).toBeGreaterThan(Date.now() + 30 * DAY);
    expect(t.mailbox.length).toBe(before + 1);
    expect(t.mailbox.at(-1)?.subject).toBe('Reminder: an invitation on SAM');
    const fresh = mailedToken(B);
    expect(fresh).not.toBe(token);

    const old = await get(t, `${S}/invitations/token/${token}`);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('token_replaced');
    expect((await get(t, `${S}/invitations/token/${fresh}`)).statusCode).toBe(200);
    expect((await put(`${S}/invitations/${id}/resend`, undefined, alice)).json().code).toBe(
      'resend_cooldown',
    );
    expect((await put(`${S}/invitations/${id}/resend`, undefined, bob)).json().code).toBe('not_inviter');
  });

  it('resends an expired invitation, which becomes pending again', async () => {
    const { id } = await sendInvitation();
    t.advance(31 * DAY);
    await signInAgain();
    expect((await get(t, `${S}/invitations/${id}`, alice)).json()).toMatchObject({
      status: 'expired',
      canCancel: false,
      canResend: true,
    });
    expect((await put(`${S}/invitations/${id}/cancel`, undefined, alice)).json().code).toBe('cannot_cancel');
    const resent = await put(`${S}/invitations/${id}/resend`, undefined, alice);
    expect(resent.json().status).toBe('pending');
    const token = mailedToken(B);
    expect((await respond({ invitationId: id, token, accept: true }, bob)).statusCode).toBe(200);
    t.advance(2 * DAY);
    expect((await put(`${S}/invitations/${id}/resend`, undefined, alice)).json().code).toBe('cannot_resend');
  });
});

describe('when the invitation mail cannot be sent', () => {
  const invitationRows = () => t.db.selectFrom('sponsorship_invitations').selectAll().execute();
  const auditActions = async () =>
    (await t.db.selectFrom('sponsorship_audit').select('action').execute()).map((r) => r.action);

  it('keeps the invitation and sends its mail once the mail server is back', async () => {
    const repair = mailServerDown(t);
    const res = await invite(alice);
    expect(res.statusCode).toBe(200);
    expect(await invitationRows()).toHaveLength(1);
    expect(await auditActions()).toEqual(['invitation.created']);
    expect(() => mailedToken(B)).toThrow();

    repair();
    t.advance(MINUTE);
    await t.deps.outbox.deliverDue();
    expect(mailedToken(B).split('.')).toHaveLength(3);
  });

  it('a resend is kept and mailed later; the new link is the one that works', async () => {
    const { id, token } = await sendInvitation();
    t.advance(24 * HOUR);
    const repair = mailServerDown(t);
    const resent = await put(`${S}/invitations/${id}/resend`, undefined, alice);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ canResend: false });
    expect((await get(t, `${S}/invitations/token/${token}`)).json().code).toBe('token_replaced');

    repair();
    t.advance(MINUTE);
    await t.deps.outbox.deliverDue();
    expect(mailedToken(B)).not.toBe(token);
    expect((await get(t, `${S}/invitations/token/${mailedToken(B)}`)).statusCode).toBe(200);
  });
});

describe('active relationship limit', () => {
  it('allows the 5th relationship and refuses the 6th, for both people', async () => {
    const sponsees: { token: string; id: string; session: string }[] = [];
    for (let i = 1; i <= 6; i++) {
      const email = `s${i}@example.com`;
      const session = await newUser(t, email, `Sponsee ${i}`);
      sponsees.push({ ...(await sendInvitation(alice, email, { role: 'sponsee' })), session });
    }
    const fromBob = await sendInvitation(bob, A, { role: 'sponsor' });

    for (const s of sponsees.slice(0, 5)) {
      const res = await respond({ invitationId: s.id, token: s.token, accept: true }, s.session);
      expect(res.statusCode).toBe(200);
      expect(res.json().relationship.role).toBe('sponsee');
    }
    const sixth = sponsees[5] as { token: string; id: string; session: string };
    const refused = await respond(
      { invitationId: sixth.id, token: sixth.token, accept: true },
      sixth.session,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: M.otherMaxRelationships, code: 'other_max_relationships' });
    const mine = await respond({ invitationId: fromBob.id, token: fromBob.token, accept: true }, alice);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({ detail: M.maxRelationships, code: 'max_relationships' });
    expect((await invite(alice, { inviteeEmail: 'new@example.com' })).json().code).toBe('max_relationships');
    expect((await get(t, `${S}/stats`, alice)).json()).toMatchObject({
      activeRelationships: 5,
      asSponsor: 5,
      asSponsee: 0,
      pendingSent: 1,
      pendingReceived: 1,
    });

    // Ending one makes room, and the refused token still works (a refusal changes nothing).
    const first = (await get(t, `${S}/relationships`, alice)).json().relationships[0];
    const ended = await put(
      `${S}/relationships/${first.relationshipId}/end`,
      { reason: 'Moved away' },
      alice,
    );
    expect(ended.json()).toMatchObject({ status: 'ended', endReason: 'Moved away', endedByMe: true });
    expect(
      (await respond({ invitationId: sixth.id, token: sixth.token, accept: true }, sixth.session)).statusCode,
    ).toBe(200);
    expect((await get(t, `${S}/stats`, alice)).json()).toMatchObject({
      activeRelationships: 5,
      endedRelationships: 1,
    });
  });
});

describe('answering in the app', () => {
  const answer = (id: string, body: Record<string, unknown>, token: string) =>
    put(`${S}/invitations/${id}/answer`, body, token);

  it('lets the signed-in invitee accept or decline without the link, and tells the inviter', async () => {
    const first = await sendInvitation();
    const accepted = await answer(first.id, { accept: true, displayName: 'Bobby' }, bob);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', relationship: { status: 'active' } });
    expect((await get(t, `${S}/relationships`, alice)).json().relationships[0].otherDisplayName).toBe(
      'Bobby',
    );
    const second = await sendInvitation(alice, B, { program: 'SA' });
    expect((await answer(second.id, { accept: false }, bob)).json()).toMatchObject({ status: 'declined' });
    const seen = (await get(t, `${S}/invitations/${second.id}`, alice)).json();
    expect(seen).toMatchObject({ status: 'declined', respondedAt: expect.any(String) });
    const kinds = (await get(t, '/api/notifications', alice))
      .json()
      .notifications.map((n: { kind: string }) => n.kind);
    expect(kinds.sort()).toEqual(['accepted', 'declined']);
    expect((await answer(second.id, { accept: true }, bob)).json().code).toBe('already_responded');
  });

  it('is the invitee’s alone: the inviter gets 403, anyone else 404, and an expired invitation 410', async () => {
    const { id } = await sendInvitation();
    expect((await answer(id, { accept: true }, alice)).statusCode).toBe(403);
    const carol = await newUser(t, 'carol@example.com', 'Carol');
    expect((await answer(id, { accept: false }, carol)).statusCode).toBe(404);
    expect((await answer(id, { accept: 'yes' }, bob)).statusCode).toBe(400);
    t.advance(31 * DAY);
    await signInAgain();
    expect((await answer(id, { accept: true }, bob)).statusCode).toBe(410);
    expect((await get(t, `${S}/invitations/${id}`, alice)).json().status).not.toBe('accepted');
  });
});

describe('relationships', () => {
  async function relate() {
    const { id, token } = await sendInvitation(alice, B, { role: 'sponsee' });
    return (await respond({ invitationId: id, token, accept: true }, bob)).json().relationship
      .relationshipId as string;
  }

  it('shows a former sponsor nothing of the address the sponsee moved to after leaving', async () => {
    // Alice invites Bob as her sponsor; both see each other's address while the relationship is active.
    const { id: invitationId, token } = await sendInvitation(alice, B, { role: 'sponsor' });
    const rid = (await respond({ invitationId, token, accept: true }, bob)).json().relationship
      .relationshipId as string;
    expect((await get(t, `${S}/relationships/${rid}`, bob)).json()).toMatchObject({ otherEmail: A });

    // She leaves him, then moves her account to a new address (the e-mail-change flow).
    expect((await put(`${S}/relationships/${rid}/end`, { reason: '' }, alice)).statusCode).toBe(200);
    const NEW = 'alice.moved@example.com';
    expect(
      (await post(t, '/api/user/email-change', { newEmail: NEW, password: AUTH_VALUE }, alice)).statusCode,
    ).toBe(200);
    const code = [...t.mailbox]
      .reverse()
      .find((m) => m.to === NEW)
      ?.subject.match(/(\d{6})$/)?.[1];
    expect((await post(t, '/api/user/email-change/confirm', { newEmail: NEW, code }, alice)).statusCode).toBe(
      200,
    );
    await post(t, `${S}/email-change`, { oldEmail: A, newEmail: NEW }, alice);

    // Every reply Bob can get about her: none holds the new address.
    const replies = [
      await get(t, `${S}/relationships`, bob),
      await get(t, `${S}/relationships?status=ended`, bob),
      await get(t, `${S}/relationships/${rid}`, bob),
      await get(t, `${S}/invitations`, bob),
      await get(t, `${S}/invitations?direction=received`, bob),
      await get(t, `${S}/invitations/${invitationId}`, bob),
      await get(t, '/api/sponsorship/spaces', bob),
      await get(t, `/api/sponsorship/spaces/${rid}`, bob),
    ];
    for (const reply of replies) expect(reply.body).not.toContain(NEW);
    expect(replies[2]?.json()).toMatchObject({
      status: 'ended',
      otherDisplayName: 'Alice',
      otherEmail: null,
    });
    // She sees her own sent invitation as it was, and her pending ones follow her (emailChange.test.ts).
    expect((await get(t, `${S}/relationships/${rid}`, alice)).json()).toMatchObject({ otherEmail: null });
  });

  it('updates the name the caller is shown as, and ends once with a reason', async () => {
    const rid = await relate();
    const renamed = await put(`${S}/relationships/${rid}`, { displayName: 'Al A.' }, alice);
    expect(renamed.json()).toMatchObject({ displayName: 'Al A.', role: 'sponsor' });
    expect((await get(t, `${S}/relationships/${rid}`, bob)).json()).toMatchObject({
      otherDisplayName: 'Al A.',
      role: 'sponsee',
    });
    expect((await put(`${S}/relationships/${rid}`, { displayName: '' }, alice)).json().detail).toMatch(
      /^displayName:/,
    );
    const ended = await put(`${S}/relationships/${rid}/end`, { reason: 'Finished the steps' }, bob);
    expect(ended.statusCode).toBe(200);
    expect((await get(t, `${S}/relationships/${rid}`, alice)).json()).toMatchObject({
      status: 'ended',
      endReason: 'Finished the steps',
      endedByMe: false,
    });
    const again = await put(`${S}/relationships/${rid}/end`, { reason: '' }, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: M.cannotEnd, code: 'cannot_end' });
    expect((await get(t, `${S}/relationships?status=active`, alice)).json().relationships).toEqual([]);
  });

  it('keeps invitations and relationships from a third user (404), with nothing changed', async () => {
    const { id } = await sendInvitation(alice, B);
    const rid = await (async () => {
      const other = await sendInvitation(alice, B, { program: 'AA' });
      return (await respond({ invitationId: other.id, token: other.token, accept: true }, bob)).json()
        .relationship.relationshipId as string;
    })();
    const carol = await newUser(t, 'carol@example.com', 'Carol');
    const attempts = [
      get(t, `${S}/invitations/${id}`, carol),
      put(`${S}/invitations/${id}/cancel`, undefined, carol),
      put(`${S}/invitations/${id}/resend`, undefined, carol),
      put(`${S}/invitations/${id}/link-user`, {}, carol),
      post(t, `${S}/invitations/report`, { invitationId: id, issueType: 'spam' }, carol),
      get(t, `${S}/relationships/${rid}`, carol),
      put(`${S}/relationships/${rid}`, { displayName: 'Mallory' }, carol),
      put(`${S}/relationships/${rid}/end`, { reason: 'gotcha' }, carol),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(['invitation_not_found', 'relationship_not_found']).toContain(res.json().code);
    }
    expect((await get(t, `${S}/invitations`, carol)).json().invitations).toEqual([]);
    expect((await get(t, `${S}/relationships`, carol)).json().relationships).toEqual([]);
    expect((await get(t, `${S}/invitations/pending/${B}`, carol)).statusCode).toBe(403);
    expect((await get(t, `${S}/stats`, carol)).json()).toMatchObject({
      pendingReceived: 0,
      activeRelationships: 0,
    });
    const history = await post(t, `${S}/invitations/history`, { inviterUserId: A, inviteeEmail: B }, carol);
    expect(history.statusCode).toBe(403);
    expect(
      (await post(t, `${S}/invitations/suggestions`, { partialEmail: 'b' }, carol)).json().suggestions,
    ).toEqual([]);
    expect((await get(t, `${S}/invitations/${id}`, alice)).json().status).toBe('pending');
    expect((await get(t, `${S}/relationships/${rid}`, bob)).json()).toMatchObject({
      status: 'active',
      otherDisplayName: 'Alice',
    });
    expect((await get(t, `${S}/relationships/AAAAAAAAAAAAAAAAAAAAAA`, alice)).statusCode).toBe(404);
    expect((await get(t, `${S}/relationships/not-an-id`, alice)).statusCode).toBe(400);
  });
});

describe('helper routes', () => {
  it('documents every route in the OpenAPI document', async () => {
    const paths = Object.keys((await get(t, '/api/docs/json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${S}/invitations`,
        `${S}/invitations/respond`,
        `${S}/relationships/{id}/end`,
        `${S}/stats`,
      ]),
    );
    expect(paths.filter((p) => p.startsWith(S) && !p.startsWith(`${S}/spaces`))).toHaveLength(21);
    expect(paths.filter((p) => p.startsWith(`${S}/spaces`))).toHaveLength(9);
  });

  it('validates a body without creating it', async () => {
    const bad = await post(
      t,
      `${S}/invitations/validate`,
      { inviteeEmail: 'x', program: 's', role: 'sponsor' },
      alice,
    );
    expect(bad.json().valid).toBe(false);
    const fields = new Set(bad.json().errors.map((e: { field: string }) => e.field));
    expect([...fields].sort()).toEqual(['inviteeEmail', 'program']);
    const ok = { inviteeEmail: B, program: 'SAA', role: 'sponsor' };
    expect((await post(t, `${S}/invitations/validate`, ok, alice)).json()).toEqual({
      valid: true,
      errors: [],
    });
    expect(await t.db.selectFrom('sponsorship_invitations').selectAll().execute()).toEqual([]);
    await sendInvitation();
    expect((await post(t, `${S}/invitations/validate`, ok, alice)).json()).toEqual({
      valid: false,
      errors: [{ field: 'inviteeEmail', code: 'duplicate_invitation', detail: M.duplicate }],
    });
  });

  it('checks duplicates, lists history and suggests only addresses the caller invited', async () => {
    const { id } = await sendInvitation();
    await sendInvitation(alice, 'bea@example.com');
    await sendInvitation(alice, 'zed@example.com');
    const dup = await post(
      t,
      `${S}/invitations/check-duplicates`,
      { inviterUserId: A, inviteeEmail: B, program: 'SAA', role: 'sponsor' },
      alice,
    );
    expect(dup.json()).toEqual({ hasDuplicate: true, invitationId: id, hasActiveRelationship: false });
    const none = await post(
      t,
      `${S}/invitations/check-duplicates`,
      { inviteeEmail: B, program: 'AA' },
      alice,
    );
    expect(none.json().hasDuplicate).toBe(false);
    const history = await post(t, `${S}/invitations/history`, { inviteeEmail: B, program: 'SAA' }, alice);
    expect(history.json().invitations.map((i: { id: string }) => i.id)).toEqual([id]);
    const suggestions = await post(t, `${S}/invitations/suggestions`, { partialEmail: 'B' }, alice);
    expect(suggestions.json().suggestions.sort()).toEqual(['bea@example.com', B]);
    // Bob has an account, but Carol never invited him: nothing is suggested.
    const carol = await newUser(t, 'carol@example.com', 'Carol');
    expect(
      (await post(t, `${S}/invitations/suggestions`, { partialEmail: 'bo' }, carol)).json().suggestions,
    ).toEqual([]);
  });

  it('stores a report from the invitee', async () => {
    const { id } = await sendInvitation();
    const res = await post(
      t,
      `${S}/invitations/report`,
      { invitationId: id, issueType: 'unknown-sender', description: 'I do not know this person' },
      bob,
    );
    expect(res.json().message).toBe(M.reported);
    const rows = await t.db.selectFrom('sponsorship_reports').selectAll().execute();
    expect(rows).toMatchObject([{ invitation_id: id, issue_type: 'unknown-sender' }]);
    expect(
      (await post(t, `${S}/invitations/report`, { invitationId: id, issueType: 'meh' }, bob)).json().detail,
    ).toMatch(/^issueType:/);
  });

  it('links an invitation to the invitee account and moves it on an e-mail change', async () => {
    const { id } = await sendInvitation();
    expect((await put(`${S}/invitations/${id}/link-user`, {}, alice)).json().code).toBe('wrong_account');
    expect((await put(`${S}/invitations/${id}/link-user`, { userId: 'someone-else' }, bob)).statusCode).toBe(
      403,
    );
    expect((await put(`${S}/invitations/${id}/link-user`, { userId: B }, bob)).statusCode).toBe(200);

    await t.db.updateTable('users').set({ email: 'bob.new@example.com' }).where('email', '=', B).execute();
    const moved = await post(t, `${S}/email-change`, { oldEmail: B, newEmail: 'bob.new@example.com' }, bob);
    expect(moved.json()).toEqual({ movedInvitations: 1, updatedSent: 0 });
    expect((await get(t, `${S}/invitations/${id}`, bob)).json().inviteeEmail).toBe('bob.new@example.com');
    // Only the caller's own address can be the new one.
    const other = await post(t, `${S}/email-change`, { oldEmail: A, newEmail: 'carol@example.com' }, bob);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('not_you');
  });

  it('writes with POST /audit/log and an action, and reads the caller’s own entries without one', async () => {
    await sendInvitation();
    const logged = await post(
      t,
      `${S}/audit/log`,
      { action: 'invite_page.viewed', details: { step: 1 }, timestamp: '2026-11-22T10:00:00.000Z' },
      alice,
    );
    expect(logged.json()).toEqual({ message: 'Logged' });
    const entries = (await post(t, `${S}/audit/log?limit=1`, {}, alice)).json().entries;
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'invite_page.viewed',
        details: { step: 1 },
        timestamp: '2026-11-22T10:00:00.000Z',
      }),
    ]);
    const actions = (reply: { json(): { entries: { action: string }[] } }) =>
      reply.json().entries.map((e) => e.action);
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', A)
      .executeTakeFirstOrThrow();
    // A read names the caller as userId: their id or their e-mail; without a limit, up to 50.
    for (const body of [{}, { userId: id }, { userId: A }]) {
      const read = await post(t, `${S}/audit/log`, body, alice);
      expect(read.statusCode, read.body).toBe(200);
      expect(actions(read)).toEqual(['invite_page.viewed', 'invitation.created']);
    }
    expect(actions(await post(t, `${S}/audit/log?limit=5`, { userId: A }, alice))).toHaveLength(2);
    expect((await post(t, `${S}/audit/log`, {}, bob)).json().entries).toEqual([]);
  });

  it('refuses reading someone else’s audit log, and mixing a read with a write', async () => {
    await sendInvitation();
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', A)
      .executeTakeFirstOrThrow();
    for (const userId of [id, A]) {
      const other = await post(t, `${S}/audit/log?limit=10`, { userId }, bob);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ detail: M.notYou, code: 'not_you' });
    }
    const before = await t.db.selectFrom('sponsorship_audit').selectAll().execute();
    const refused: [string, Record<string, unknown>, RegExp][] = [
      ['', { action: 'bad action!' }, /^action:/],
      ['', { details: { step: 1 } }, /^action: Action is required/],
      ['', { action: 'tab.opened', userId: A }, /^userId:/],
      ['?limit=5', { action: 'tab.opened' }, /^limit:/],
      ['?limit=0', {}, /^querystring\.limit:/],
      ['?limit=201', {}, /^querystring\.limit:/],
    ];
    for (const [query, body, detail] of refused) {
      const res = await post(t, `${S}/audit/log${query}`, body, alice);
      expect(res.statusCode, `${query} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await t.db.selectFrom('sponsorship_audit').selectAll().execute()).toEqual(before);
    // Reading is a POST too; there is no GET.
    expect((await get(t, `${S}/audit/log`, alice)).statusCode).toBe(404);
    expect((await post(t, `${S}/audit/log`, {})).statusCode).toBe(401);
  });
});
