import { describe, expect, it } from 'vitest';
import { emailSchema } from './schemas/common.ts';
import {
  createInvitationBodySchema,
  sponsorshipDisplayNameSchema,
  sponsorshipProgramSchema,
} from './schemas/sponsorship.ts';
import {
  canCancel,
  canEndRelationship,
  canResend,
  canTransition,
  effectiveStatus,
  INVITATION_EXPIRING_SOON_DAYS,
  INVITATION_RESEND_COOLDOWN_HOURS,
  INVITATION_STATUSES,
  INVITATION_TOKEN_TTL_DAYS,
  type InvitationState,
  isActive,
  isExpiringSoon,
  isInvitationTokenShape,
  isValidSponsorshipDisplayName,
  isValidSponsorshipProgram,
  MAX_ACTIVE_RELATIONSHIPS,
  MAX_PENDING_INVITATIONS,
  oppositeRole,
  resendAvailableAt,
  SPONSORSHIP_PROGRAMS,
} from './sponsorship.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const inv = (overrides: Partial<InvitationState> = {}): InvitationState => ({
  status: 'pending',
  tokenExpiresAt: NOW + 30 * DAY,
  lastSentAt: NOW,
  ...overrides,
});

describe('sponsorship constants', () => {
  it('keeps the invitation timings and the limits per person', () => {
    expect(INVITATION_TOKEN_TTL_DAYS).toBe(30);
    expect(INVITATION_EXPIRING_SOON_DAYS).toBe(3);
    expect(INVITATION_RESEND_COOLDOWN_HOURS).toBe(24);
    expect(MAX_PENDING_INVITATIONS).toBe(10);
    expect(MAX_ACTIVE_RELATIONSHIPS).toBe(5);
  });
  it('lists program values that pass the program rule', () => {
    for (const p of SPONSORSHIP_PROGRAMS) expect(isValidSponsorshipProgram(p.value)).toBe(true);
    expect(SPONSORSHIP_PROGRAMS.map((p) => p.label)).toEqual([
      'SAA',
      'AA',
      'NA',
      'GA',
      'OA',
      'DA',
      'Al-Anon',
    ]);
  });
});

describe('e-mail rule', () => {
  const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  const inviteeEmail = (address: string) =>
    createInvitationBodySchema.shape.inviteeEmail.safeParse(address).success;
  it('is the account e-mail schema itself', () => {
    expect(createInvitationBodySchema.shape.inviteeEmail).toBe(emailSchema);
  });
  it('accepts 254 characters and refuses 255', () => {
    expect(email(254)).toHaveLength(254);
    expect(inviteeEmail(email(254))).toBe(true);
    expect(inviteeEmail(email(255))).toBe(false);
  });
  it('refuses what an account address may not hold: no shape, spaces, NUL, bidi and other control marks', () => {
    const bad = ['', 'plain', 'a@b', '@example.com', 'a b@example.com', 'a@exa mple.com'];
    bad.push(
      'a\u0000b@example.com',
      'pat\u202e@example.com',
      'pat@exa\u2066mple.com',
      'a\u200fb@example.com',
    );
    for (const address of bad) expect(inviteeEmail(address), JSON.stringify(address)).toBe(false);
    expect(inviteeEmail('a.b+c@example.co.uk')).toBe(true);
  });
  it('trims and lower-cases in the schema', () => {
    expect(createInvitationBodySchema.shape.inviteeEmail.parse('  Pat@Example.COM ')).toBe('pat@example.com');
  });
});

describe('display-name rule', () => {
  it('accepts 1 and 100 characters, refuses 0 and 101', () => {
    expect(isValidSponsorshipDisplayName('A')).toBe(true);
    expect(isValidSponsorshipDisplayName('a'.repeat(100))).toBe(true);
    expect(isValidSponsorshipDisplayName('')).toBe(false);
    expect(isValidSponsorshipDisplayName('a'.repeat(101))).toBe(false);
    expect(sponsorshipDisplayNameSchema.safeParse('a'.repeat(100)).success).toBe(true);
    expect(sponsorshipDisplayNameSchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(sponsorshipDisplayNameSchema.safeParse('   ').success).toBe(false);
  });
  it('allows letters of any script, digits, spaces, hyphen, apostrophe and period', () => {
    for (const good of ["Mary-Jo O'Neil Jr.", 'José Álvarez', 'Zoë 2', 'Данила', '山田 太郎', 'محمد']) {
      expect(isValidSponsorshipDisplayName(good)).toBe(true);
    }
    for (const bad of ['<script>', 'a@b', 'Sam!', 'x_y', 'tab\there', 'new\nline', '😀']) {
      expect(isValidSponsorshipDisplayName(bad)).toBe(false);
    }
  });
  it('counts characters, not UTF-16 units', () => {
    expect(isValidSponsorshipDisplayName('山'.repeat(100))).toBe(true);
    expect(isValidSponsorshipDisplayName('𠀀'.repeat(100))).toBe(true);
    expect(isValidSponsorshipDisplayName('𠀀'.repeat(101))).toBe(false);
  });
});

describe('program rule', () => {
  it('accepts 2 and 20 characters, refuses 1 and 21', () => {
    expect(isValidSponsorshipProgram('AA')).toBe(true);
    expect(isValidSponsorshipProgram('A'.repeat(20))).toBe(true);
    expect(isValidSponsorshipProgram('A')).toBe(false);
    expect(isValidSponsorshipProgram('A'.repeat(21))).toBe(false);
    expect(sponsorshipProgramSchema.safeParse('A'.repeat(20)).success).toBe(true);
    expect(sponsorshipProgramSchema.safeParse('A'.repeat(21)).success).toBe(false);
  });
  it('allows A-Z, 0-9, hyphen and underscore only', () => {
    expect(isValidSponsorshipProgram('AL-ANON_2')).toBe(true);
    for (const bad of ['saa', 'S A', 'SAA!', 'ÉA']) expect(isValidSponsorshipProgram(bad)).toBe(false);
  });
});

describe('invitation body', () => {
  const body = { inviteeEmail: 'b@example.com', program: 'SAA', role: 'sponsor' };
  it('accepts a minimal body and refuses a bad role', () => {
    expect(createInvitationBodySchema.parse(body)).toEqual(body);
    expect(createInvitationBodySchema.safeParse({ ...body, role: 'friend' }).success).toBe(false);
  });
});

describe('invitation token shape', () => {
  it('needs three dot-separated parts', () => {
    expect(isInvitationTokenShape('aaa.bbb.ccc')).toBe(true);
    expect(isInvitationTokenShape('aaa.bbb')).toBe(false);
    expect(isInvitationTokenShape('aaa.bbb.ccc.ddd')).toBe(false);
    expect(isInvitationTokenShape('aaa..ccc')).toBe(false);
    expect(isInvitationTokenShape('a a.b.c')).toBe(false);
  });
});

describe('roles', () => {
  it('gives the opposite role', () => {
    expect(oppositeRole('sponsor')).toBe('sponsee');
    expect(oppositeRole('sponsee')).toBe('sponsor');
  });
});

describe('invitation state machine', () => {
  it('allows only these transitions', () => {
    const allowed = INVITATION_STATUSES.flatMap((from) =>
      INVITATION_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'pending->accepted',
        'pending->declined',
        'pending->canceled',
        'pending->expired',
        'pending->pending',
        'expired->pending',
      ].sort(),
    );
  });

  it('derives expired from the token expiry', () => {
    expect(effectiveStatus(inv(), NOW)).toBe('pending');
    expect(effectiveStatus(inv({ tokenExpiresAt: NOW + 1 }), NOW)).toBe('pending');
    expect(effectiveStatus(inv({ tokenExpiresAt: NOW }), NOW)).toBe('expired');
    expect(effectiveStatus(inv({ status: 'accepted', tokenExpiresAt: NOW - DAY }), NOW)).toBe('accepted');
    expect(effectiveStatus(inv({ tokenExpiresAt: new Date(NOW - 1).toISOString() }), NOW)).toBe('expired');
  });

  it('is active only while pending and unexpired', () => {
    expect(isActive(inv(), NOW)).toBe(true);
    expect(isActive(inv({ tokenExpiresAt: NOW - 1 }), NOW)).toBe(false);
    for (const status of ['accepted', 'declined', 'canceled'] as const) {
      expect(isActive(inv({ status }), NOW)).toBe(false);
    }
  });

  it('cancels only an active invitation', () => {
    expect(canCancel(inv(), NOW)).toBe(true);
    expect(canCancel(inv({ tokenExpiresAt: NOW - 1 }), NOW)).toBe(false);
    for (const status of ['accepted', 'declined', 'canceled'] as const) {
      expect(canCancel(inv({ status }), NOW)).toBe(false);
    }
  });

  it('resends pending or expired invitations after the 24-hour cooldown', () => {
    const sent = inv({ lastSentAt: NOW - 24 * HOUR + 1 });
    expect(canResend(sent, NOW)).toBe(false);
    expect(canResend(inv({ lastSentAt: NOW - 24 * HOUR }), NOW)).toBe(true);
    expect(resendAvailableAt(sent)).toBe(NOW + 1);
    expect(canResend(inv({ lastSentAt: NOW - 31 * DAY, tokenExpiresAt: NOW - DAY }), NOW)).toBe(true);
    for (const status of ['accepted', 'declined', 'canceled'] as const) {
      expect(canResend(inv({ status, lastSentAt: NOW - 2 * DAY }), NOW)).toBe(false);
    }
  });

  it('warns when less than 3 days are left', () => {
    expect(isExpiringSoon(inv({ tokenExpiresAt: NOW + 3 * DAY }), NOW)).toBe(false);
    expect(isExpiringSoon(inv({ tokenExpiresAt: NOW + 3 * DAY - 1 }), NOW)).toBe(true);
    expect(isExpiringSoon(inv({ tokenExpiresAt: NOW - 1 }), NOW)).toBe(false);
    expect(isExpiringSoon(inv({ status: 'accepted', tokenExpiresAt: NOW + HOUR }), NOW)).toBe(false);
  });

  it('ends only an active relationship', () => {
    expect(canEndRelationship({ status: 'active' })).toBe(true);
    expect(canEndRelationship({ status: 'ended' })).toBe(false);
  });
});
