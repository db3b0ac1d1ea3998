import { describe, expect, it } from 'vitest';
import {
  clearInviteHandoff,
  INVITE_HANDOFF_KEY,
  type InviteHandoff,
  inviteReturnPath,
  keepInviteHandoff,
  readInviteHandoff,
  shouldAcceptOnArrival,
} from './inviteHandoff.ts';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const handoff: InviteHandoff = {
  token: 'aaa.bbb.ccc',
  invitationId: 'AAAAAAAAAAAAAAAAAAAAAA',
  email: 'bo@example.com',
  intent: 'accept',
};

describe('keeping the hand-off', () => {
  it('reads back what was kept, and nothing once cleared', () => {
    const store = memoryStore();
    expect(readInviteHandoff(store)).toBeNull();
    keepInviteHandoff(handoff, store);
    expect(readInviteHandoff(store)).toEqual(handoff);
    clearInviteHandoff(store);
    expect(readInviteHandoff(store)).toBeNull();
  });

  it('drops a stored value that is not a hand-off', () => {
    for (const raw of ['not json', '{"token":"a.b.c"}', JSON.stringify({ ...handoff, intent: 'maybe' })]) {
      const store = memoryStore();
      store.setItem(INVITE_HANDOFF_KEY, raw);
      expect(readInviteHandoff(store)).toBeNull();
      expect(store.items.has(INVITE_HANDOFF_KEY)).toBe(false);
    }
  });

  it('does nothing without a store', () => {
    expect(() => keepInviteHandoff(handoff, null)).not.toThrow();
    expect(readInviteHandoff(null)).toBeNull();
  });
});

describe('inviteReturnPath', () => {
  it('returns the invited person to the invite page once signed in with the invited address', () => {
    expect(inviteReturnPath(handoff, 'Bo@Example.com', '/')).toBe('/invite?token=aaa.bbb.ccc');
    expect(inviteReturnPath({ ...handoff, intent: 'review' }, 'bo@example.com', '/signup')).toBe(
      '/invite?token=aaa.bbb.ccc',
    );
  });

  it('waits while signed out, on the invite page, or during the e-mail check', () => {
    expect(inviteReturnPath(handoff, null, '/')).toBeNull();
    expect(inviteReturnPath(handoff, 'bo@example.com', '/invite')).toBeNull();
    expect(inviteReturnPath(handoff, 'bo@example.com', '/verify-email')).toBeNull();
  });

  it('leaves someone signed in with another address where they are', () => {
    expect(inviteReturnPath(handoff, 'ada@example.com', '/')).toBeNull();
    expect(inviteReturnPath(null, 'bo@example.com', '/')).toBeNull();
  });
});

describe('shouldAcceptOnArrival', () => {
  it('accepts only the kept token with the accept intent for the invited address', () => {
    expect(shouldAcceptOnArrival(handoff, 'aaa.bbb.ccc', 'BO@example.com')).toBe(true);
    expect(shouldAcceptOnArrival({ ...handoff, intent: 'review' }, 'aaa.bbb.ccc', 'bo@example.com')).toBe(
      false,
    );
    expect(shouldAcceptOnArrival(handoff, 'other.token.here', 'bo@example.com')).toBe(false);
    expect(shouldAcceptOnArrival(handoff, 'aaa.bbb.ccc', 'ada@example.com')).toBe(false);
    expect(shouldAcceptOnArrival(handoff, 'aaa.bbb.ccc', null)).toBe(false);
    expect(shouldAcceptOnArrival(null, 'aaa.bbb.ccc', 'bo@example.com')).toBe(false);
  });
});
