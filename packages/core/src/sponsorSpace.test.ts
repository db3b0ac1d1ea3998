import { describe, expect, it } from 'vitest';
import { keyVerification, spaceSharing } from './sponsorSpace.ts';

const KEY = 'partner-key';
const OTHER = 'someone-elses-key';

describe('keyVerification', () => {
  it('is unverified with no accepted key', () => {
    expect(keyVerification(null, KEY)).toBe('unverified');
  });

  it('tells a compared key from one taken on without comparing', () => {
    expect(keyVerification({ publicKey: KEY, compared: true }, KEY)).toBe('verified');
    expect(keyVerification({ publicKey: KEY, compared: false }, KEY)).toBe('accepted');
  });

  it('is changed for any other current key, compared or not', () => {
    expect(keyVerification({ publicKey: KEY, compared: true }, OTHER)).toBe('changed');
    expect(keyVerification({ publicKey: KEY, compared: false }, OTHER)).toBe('changed');
    expect(keyVerification({ publicKey: '', compared: true }, KEY)).toBe('changed');
  });
});

describe('spaceSharing', () => {
  const sponsee = (
    verification: Parameters<typeof spaceSharing>[0]['verification'],
    sealedTo: string | null,
  ) => spaceSharing({ role: 'sponsee', verification, partnerKey: KEY, sealedTo });

  it('shares nothing before the code is compared or the risk taken, even in a space sealed already', () => {
    expect(sponsee('unverified', null)).toBe('compare');
    expect(sponsee('unverified', KEY)).toBe('compare');
    expect(
      spaceSharing({ role: 'sponsor', verification: 'unverified', partnerKey: KEY, sealedTo: null }),
    ).toBe('compare');
  });

  it('stops sharing when the key differs from the one accepted, on both sides', () => {
    expect(sponsee('changed', KEY)).toBe('changed');
    expect(sponsee('changed', OTHER)).toBe('changed');
    expect(spaceSharing({ role: 'sponsor', verification: 'changed', partnerKey: KEY, sealedTo: null })).toBe(
      'changed',
    );
  });

  it('has the sponsee seal the space to the accepted key when it is not sealed to it', () => {
    expect(sponsee('verified', null)).toBe('seal');
    expect(sponsee('accepted', null)).toBe('seal');
    expect(sponsee('verified', OTHER)).toBe('seal');
  });

  it('is ready once sealed to the accepted key', () => {
    expect(sponsee('verified', KEY)).toBe('ready');
    expect(sponsee('accepted', KEY)).toBe('ready');
    expect(spaceSharing({ role: 'sponsor', verification: 'verified', partnerKey: KEY, sealedTo: null })).toBe(
      'ready',
    );
  });
});
