import { describe, expect, it } from 'vitest';
import { noteHref, notesLabel, noteTimeText, SPONSORSHIP_TAB_PATH, unreadNotesText } from './noteLinks.ts';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('where a note leads', () => {
  const roles = { 'rel-sponsor': 'sponsor', 'rel-sponsee': 'sponsee' } as const;
  const roleIn = (id: string) => roles[id as keyof typeof roles] ?? null;

  it('takes a sponsor to the sponsee’s space for a space note', () => {
    for (const kind of ['comment', 'shared-updated'] as const) {
      expect(noteHref({ kind, relationshipId: 'rel-sponsor' }, roleIn)).toBe('/sponsees/rel-sponsor');
    }
  });

  it('takes a sponsee, a relationship note, or an ended relationship to the Sponsorship tab', () => {
    expect(noteHref({ kind: 'reviewed', relationshipId: 'rel-sponsee' }, roleIn)).toBe(SPONSORSHIP_TAB_PATH);
    expect(noteHref({ kind: 'comment', relationshipId: 'rel-sponsee' }, roleIn)).toBe(SPONSORSHIP_TAB_PATH);
    for (const kind of ['accepted', 'declined', 'ended'] as const) {
      expect(noteHref({ kind, relationshipId: 'rel-sponsor' }, roleIn)).toBe(SPONSORSHIP_TAB_PATH);
    }
    expect(noteHref({ kind: 'comment', relationshipId: 'gone' }, roleIn)).toBe(SPONSORSHIP_TAB_PATH);
    expect(noteHref({ kind: 'comment', relationshipId: null }, roleIn)).toBe(SPONSORSHIP_TAB_PATH);
  });
});

describe('when a note came', () => {
  it('is relative within a day', () => {
    expect(noteTimeText(ago(30_000), now)).toBe('just now');
    expect(noteTimeText(ago(60_000), now)).toBe('1 minute ago');
    expect(noteTimeText(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(noteTimeText(ago(3_600_000), now)).toBe('1 hour ago');
    expect(noteTimeText(ago(23 * 3_600_000), now)).toBe('23 hours ago');
  });

  it('is the local date and time after that', () => {
    expect(noteTimeText(ago(2 * 86_400_000), now, 'en-US')).toMatch(/^Mar 8, 2026, \d{1,2}:00\s?[AP]M$/);
  });
});

describe('the Notes entry', () => {
  it('names the unread count only when there is one', () => {
    expect(notesLabel(0)).toBe('Notes');
    expect(notesLabel(2)).toBe('Notes, 2 unread');
    expect(unreadNotesText(0)).toBe('');
    expect(unreadNotesText(1)).toBe(', 1 unread note');
    expect(unreadNotesText(2)).toBe(', 2 unread notes');
  });
});
