import { describe, expect, it } from 'vitest';
import {
  canResend,
  INVITATION_STATUSES,
  INVITE_PAGE_MESSAGES,
  isExpiringSoon,
  resendAvailableAt,
  SPONSORSHIP_MESSAGES,
} from './sponsorship.ts';
import {
  answeredInAppText,
  closedInvitationMessage,
  closedRecently,
  declinedOnText,
  endedOnText,
  formerPersonRoleText,
  INVITE_ROLE_CHOICES,
  invitationExpiryNotice,
  invitePageFailureMessage,
  invitePageStatusMessage,
  offersResend,
  otherPersonRoleText,
  receivedInvitationText,
  resendWaitNote,
  sentInvitationText,
  sponsorshipProgramLabel,
} from './sponsorshipWording.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-03-10T12:00:00.000Z');

describe('role wording', () => {
  it('offers both roles, worded from the inviter side, sponsor first', () => {
    expect(INVITE_ROLE_CHOICES.map((c) => [c.role, c.label])).toEqual([
      ['sponsor', 'My sponsor'],
      ['sponsee', 'My sponsee'],
    ]);
  });

  it('names the other person by the reader’s own role', () => {
    expect(otherPersonRoleText('sponsor')).toBe('your sponsee');
    expect(otherPersonRoleText('sponsee')).toBe('your sponsor');
  });

  it('words a sent invitation by the role the invitee is asked to take', () => {
    expect(sentInvitationText('sponsor', 'Bo')).toBe('You asked Bo to be your sponsor');
    expect(sentInvitationText('sponsee', 'Bo')).toBe('You offered to sponsor Bo');
  });

  it('words a received invitation for the invitee', () => {
    expect(receivedInvitationText('sponsor', 'Ada')).toBe('Ada asks you to be their sponsor');
    expect(receivedInvitationText('sponsee', 'Ada')).toBe('Ada offers to be your sponsor');
  });
});

describe('sponsorshipProgramLabel', () => {
  it('shows the display name of a listed program and any other value as it is', () => {
    expect(sponsorshipProgramLabel('AL-ANON')).toBe('Al-Anon');
    expect(sponsorshipProgramLabel('SAA')).toBe('SAA');
    expect(sponsorshipProgramLabel('CODA')).toBe('CODA');
  });
});

describe('invitationExpiryNotice', () => {
  it('is plain information at 3 days or more', () => {
    expect(invitationExpiryNotice(now + 30 * DAY, now)).toEqual({
      tone: 'info',
      text: 'Expires on 09-Apr-2026',
    });
    expect(invitationExpiryNotice(now + 3 * DAY, now).tone).toBe('info');
  });

  it('warns just under 3 days, with whole days left', () => {
    expect(invitationExpiryNotice(now + 3 * DAY - 1, now)).toEqual({
      tone: 'warning',
      text: 'Expires soon: in 2 days (13-Mar-2026)',
    });
    expect(invitationExpiryNotice(now + DAY + HOUR, now).text).toBe('Expires soon: in 1 day (11-Mar-2026)');
    expect(invitationExpiryNotice(now + HOUR, now).text).toBe('Expires soon: today (10-Mar-2026)');
  });

  it('agrees with the expiring-soon rule at its edge', () => {
    for (const left of [3 * DAY, 3 * DAY - 1, DAY, 1]) {
      const warned = invitationExpiryNotice(now + left, now).tone === 'warning';
      expect(warned).toBe(isExpiringSoon({ status: 'pending', tokenExpiresAt: now + left }, now));
    }
  });

  it('says expired once the time has passed, and reads ISO strings', () => {
    expect(invitationExpiryNotice(now, now)).toEqual({ tone: 'danger', text: 'Expired on 10-Mar-2026' });
    expect(invitationExpiryNotice(new Date(now - DAY).toISOString(), now).text).toBe(
      'Expired on 09-Mar-2026',
    );
  });
});

describe('invitePageStatusMessage', () => {
  it('lets only a pending invitation be answered', () => {
    expect(invitePageStatusMessage('pending')).toBeNull();
    expect(invitePageStatusMessage('expired')).toBe(INVITE_PAGE_MESSAGES.expired);
    for (const status of ['accepted', 'declined', 'canceled'] as const) {
      expect(invitePageStatusMessage(status)).toBe(INVITE_PAGE_MESSAGES.alreadyResponded);
    }
  });
});

describe('closedInvitationMessage', () => {
  it('tells a signed-in reader that an answered or canceled invitation was already used', () => {
    const answered = INVITE_PAGE_MESSAGES.alreadyResponded;
    expect(closedInvitationMessage(answered, true)).toBe('This invitation has already been used.');
    expect(closedInvitationMessage(answered, false)).toBe(answered);
  });

  it('leaves every other message as it is, signed in or not', () => {
    for (const message of [
      INVITE_PAGE_MESSAGES.expired,
      INVITE_PAGE_MESSAGES.notFound,
      INVITE_PAGE_MESSAGES.noToken,
      INVITE_PAGE_MESSAGES.loadFailed,
      'The server’s own words',
    ]) {
      expect(closedInvitationMessage(message, true)).toBe(message);
      expect(closedInvitationMessage(message, false)).toBe(message);
    }
  });
});

describe('invitePageFailureMessage', () => {
  const refusal = (status: number, code: string, detail = 'The server’s own words') => ({
    status,
    code,
    detail,
  });

  it('says the general failure text when the server failed or never answered, whatever it said', () => {
    for (const failure of [
      { status: 0, code: 'network_error', detail: 'Network error. Please try again.' },
      refusal(500, 'server_error', 'Something went wrong on our side. Please try again.'),
      refusal(502, 'bad_gateway'),
      refusal(503, 'database_unavailable'),
      refusal(503, 'expired'),
      { status: 504, detail: '' },
    ]) {
      expect(invitePageFailureMessage(failure, 'load')).toBe(INVITE_PAGE_MESSAGES.loadFailed);
      expect(invitePageFailureMessage(failure, 'respond')).toBe(INVITE_PAGE_MESSAGES.respondFailed);
    }
  });

  it('words refusals about the invitation itself in the invite page’s own words', () => {
    for (const during of ['load', 'respond'] as const) {
      const say = (status: number, code: string) => invitePageFailureMessage(refusal(status, code), during);
      expect(say(404, 'invitation_not_found')).toBe(INVITE_PAGE_MESSAGES.notFound);
      expect(say(400, 'invalid_token')).toBe(INVITE_PAGE_MESSAGES.notFound);
      expect(say(410, 'expired')).toBe(INVITE_PAGE_MESSAGES.expired);
      expect(say(409, 'already_responded')).toBe(INVITE_PAGE_MESSAGES.alreadyResponded);
      expect(say(409, 'canceled')).toBe(INVITE_PAGE_MESSAGES.alreadyResponded);
    }
    // The server's own canceled text is not the page's.
    expect(SPONSORSHIP_MESSAGES.canceled).not.toBe(INVITE_PAGE_MESSAGES.alreadyResponded);
  });

  it('keeps any other refusal’s readable words', () => {
    for (const during of ['load', 'respond'] as const) {
      expect(
        invitePageFailureMessage(refusal(400, 'token_replaced', SPONSORSHIP_MESSAGES.tokenReplaced), during),
      ).toBe(SPONSORSHIP_MESSAGES.tokenReplaced);
      expect(
        invitePageFailureMessage(
          refusal(429, 'rate_limited', 'Too many requests. Please try again later.'),
          during,
        ),
      ).toBe('Too many requests. Please try again later.');
      expect(
        invitePageFailureMessage(refusal(403, 'wrong_account', SPONSORSHIP_MESSAGES.wrongAccount), during),
      ).toBe(SPONSORSHIP_MESSAGES.wrongAccount);
    }
    expect(invitePageFailureMessage({ status: 401, detail: '' }, 'respond')).toBe(
      INVITE_PAGE_MESSAGES.respondFailed,
    );
  });

  it('reads an unreadable token in the link as an invitation not found, but keeps a bad answer’s words', () => {
    const bad = refusal(400, 'invalid_input', 'displayName: Display name may hold letters…');
    expect(invitePageFailureMessage(bad, 'load')).toBe(INVITE_PAGE_MESSAGES.notFound);
    expect(invitePageFailureMessage(bad, 'respond')).toBe(bad.detail);
  });
});

describe('resend', () => {
  const sent = now - HOUR;
  const state = { status: 'pending' as const, tokenExpiresAt: sent + 30 * DAY, lastSentAt: sent };
  const reply = (at: number, status: (typeof INVITATION_STATUSES)[number] = 'pending') => ({
    status,
    canResend: canResend({ ...state, status }, at),
    resendAvailableAt: new Date(resendAvailableAt(state)).toISOString(),
  });

  it('is offered only for a pending or expired invitation', () => {
    expect(INVITATION_STATUSES.filter(offersResend)).toEqual(['pending', 'expired']);
  });

  it('says kindly when it can be sent again while the 24 hours run', () => {
    expect(resendWaitNote(reply(now), now)).toBe('Sent recently. You can send it again in about 23 hours.');
    expect(resendWaitNote(reply(sent), sent)).toBe('Sent recently. You can send it again in about 24 hours.');
    expect(resendWaitNote(reply(sent + 22 * HOUR + 40 * 60_000), sent + 22 * HOUR + 40 * 60_000)).toBe(
      'Sent recently. You can send it again in about 1 hour.',
    );
    expect(resendWaitNote(reply(sent + 23 * HOUR + 15 * 60_000), sent + 23 * HOUR + 15 * 60_000)).toBe(
      'Sent recently. You can send it again in 45 minutes.',
    );
    expect(resendWaitNote(reply(sent + DAY - 1), sent + DAY - 1)).toBe(
      'Sent recently. You can send it again in a minute.',
    );
  });

  it('says nothing once it can be sent, or when it is not offered', () => {
    expect(resendWaitNote(reply(sent + DAY), sent + DAY)).toBeNull();
    for (const status of ['accepted', 'declined', 'canceled'] as const) {
      expect(resendWaitNote(reply(now, status), now)).toBeNull();
    }
  });
});

describe('declined invitations and ended relationships', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it('are shown for 30 days after the answer or the end, and never without a time', () => {
    expect(closedRecently(iso(now), now)).toBe(true);
    expect(closedRecently(iso(now - 30 * DAY + 1), now)).toBe(true);
    expect(closedRecently(iso(now - 30 * DAY), now)).toBe(false);
    expect(closedRecently(null, now)).toBe(false);
    expect(closedRecently('not a date', now)).toBe(false);
  });

  it('say when, and who ended a relationship', () => {
    expect(declinedOnText('2026-03-10T12:00:00.000Z')).toBe('Declined on 10-Mar-2026');
    const ended = { endedAt: '2026-03-09T08:00:00.000Z', otherDisplayName: 'Bo' };
    expect(endedOnText({ ...ended, endedByMe: false })).toBe('Ended on 09-Mar-2026 by Bo');
    expect(endedOnText({ ...ended, endedByMe: true })).toBe('Ended on 09-Mar-2026 by you');
    expect(endedOnText({ ...ended, endedByMe: null })).toBe('Ended on 09-Mar-2026');
    expect(formerPersonRoleText('sponsor')).toBe('your former sponsee');
    expect(formerPersonRoleText('sponsee')).toBe('your former sponsor');
  });

  it('tell the invitee what answering in the app did', () => {
    const relationship = { otherDisplayName: 'Ada', role: 'sponsee' as const, program: 'AL-ANON' };
    expect(answeredInAppText({ status: 'accepted', relationship }, 'Ada')).toBe(
      'Invitation accepted. You and Ada are now connected: Ada is your sponsor in Al-Anon.',
    );
    expect(answeredInAppText({ status: 'declined', relationship: null }, 'Ada')).toBe(
      'Invitation declined. Ada will see that you said no.',
    );
  });
});
