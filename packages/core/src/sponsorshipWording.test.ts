import { describe, expect, it } from 'vitest';
import { INVITE_PAGE_MESSAGES, isExpiringSoon } from './sponsorship.ts';
import {
  INVITE_ROLE_CHOICES,
  invitationExpiryNotice,
  invitePageStatusMessage,
  otherPersonRoleText,
  receivedInvitationText,
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
