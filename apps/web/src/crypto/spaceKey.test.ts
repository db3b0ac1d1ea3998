import { describe, expect, it } from 'vitest';
import { createDataCipher } from './cipher.ts';
import { createDataKey } from './dataKey.ts';
import { CryptoError } from './errors.ts';
import { createIdentityKey, hpkeSuite, type IdentityKey } from './identityKey.ts';
import {
  createSpaceKey,
  decryptFromSpace,
  encryptForSpace,
  openSpaceKey,
  rotateSpaceKey,
  wrapSpaceKey,
} from './spaceKey.ts';
import { webCrypto } from './testSupport.ts';

async function person(id: string): Promise<{ userId: string; publicKey: string; identity: IdentityKey }> {
  const cipher = createDataCipher(webCrypto, await createDataKey(webCrypto), id);
  const { identity } = await createIdentityKey(cipher);
  return { userId: id, publicKey: identity.publicKey, identity };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CryptoError);
  return (error as CryptoError).code;
}

const binding = (userId: string, generation = 1, spaceId = 'space-1') => ({
  spaceId,
  generation,
  recipientId: userId,
});

describe('space keys', () => {
  it('sealed to the sponsor and the sponsee open to each, and what one writes the other reads', async () => {
    const [sponsee, sponsor] = await Promise.all([person('sponsee'), person('sponsor')]);
    const space = await createSpaceKey('space-1', 1);
    const forSponsor = await wrapSpaceKey(space, sponsor, sponsee.identity);
    const forSponsee = await wrapSpaceKey(space, sponsee, sponsee.identity);
    const sponsorSpace = await openSpaceKey(
      sponsor.identity,
      forSponsor,
      binding('sponsor'),
      sponsee.publicKey,
    );
    const sponseeSpace = await openSpaceKey(
      sponsee.identity,
      forSponsee,
      binding('sponsee'),
      sponsee.publicKey,
    );
    const text = await encryptForSpace(sponseeSpace, { answer: 'Mein Schritt 1 🙏' }, 'item:step-1');
    expect(text).not.toContain('Schritt');
    expect(await decryptFromSpace(sponsorSpace, text, 'item:step-1')).toEqual({
      answer: 'Mein Schritt 1 🙏',
    });
  });

  it('do not open for anyone else, nor when moved to another person, space or generation', async () => {
    const [sponsee, sponsor, stranger] = await Promise.all([
      person('sponsee'),
      person('sponsor'),
      person('x'),
    ]);
    const space = await createSpaceKey('space-1', 1);
    const from = sponsee.publicKey;
    const forSponsor = await wrapSpaceKey(space, sponsor, sponsee.identity);
    expect(await failure(openSpaceKey(stranger.identity, forSponsor, binding('sponsor'), from))).toBe(
      'decrypt-failed',
    );
    expect(await failure(openSpaceKey(sponsor.identity, forSponsor, binding('sponsee'), from))).toBe(
      'decrypt-failed',
    );
    expect(await failure(openSpaceKey(sponsor.identity, forSponsor, binding('sponsor', 2), from))).toBe(
      'decrypt-failed',
    );
    expect(
      await failure(openSpaceKey(sponsor.identity, forSponsor, binding('sponsor', 1, 'space-2'), from)),
    ).toBe('decrypt-failed');
    const forSponsee = await wrapSpaceKey(space, sponsee, sponsee.identity);
    const swapped = { enc: forSponsee.enc, wrappedKey: forSponsor.wrappedKey };
    expect(await failure(openSpaceKey(sponsor.identity, swapped, binding('sponsor'), from))).toBe(
      'decrypt-failed',
    );
  });

  it('open only as sealed by the sender the reader expects: a key made up by anyone else is refused', async () => {
    const [sponsee, sponsor, server] = await Promise.all([
      person('sponsee'),
      person('sponsor'),
      person('server'),
    ]);
    const space = await createSpaceKey('space-1', 1);
    const madeUp = await wrapSpaceKey(space, sponsor, server.identity);
    expect(await failure(openSpaceKey(sponsor.identity, madeUp, binding('sponsor'), sponsee.publicKey))).toBe(
      'decrypt-failed',
    );
    // Nor as a copy without a sender (Base mode), which only the sponsee opens, and only to seal again.
    expect(await failure(openSpaceKey(sponsor.identity, madeUp, binding('sponsor'), null))).toBe(
      'decrypt-failed',
    );
    expect(await openSpaceKey(sponsor.identity, madeUp, binding('sponsor'), server.publicKey)).toMatchObject({
      generation: 1,
    });
  });

  it('still open a copy sealed in Base mode before decision 43, with no sender', async () => {
    const sponsee = await person('sponsee');
    const space = await createSpaceKey('space-1', 1);
    const sealed = await hpkeSuite.seal(
      {
        recipientPublicKey: await hpkeSuite.kem.deserializePublicKey(
          Buffer.from(sponsee.publicKey, 'base64'),
        ),
        info: new TextEncoder().encode('sam-space-key|v1'),
      },
      space.raw,
      new TextEncoder().encode('space-1|1|sponsee|space-key'),
    );
    const legacy = {
      enc: Buffer.from(sealed.enc).toString('base64'),
      wrappedKey: Buffer.from(sealed.ct).toString('base64'),
    };
    const opened = await openSpaceKey(sponsee.identity, legacy, binding('sponsee'), null);
    expect(opened.raw).toEqual(space.raw);
    expect(await failure(openSpaceKey(sponsee.identity, legacy, binding('sponsee'), sponsee.publicKey))).toBe(
      'decrypt-failed',
    );
  });

  it('refuse a tampered copy, and content moved to another place', async () => {
    const sponsor = await person('sponsor');
    const space = await createSpaceKey('space-1', 1);
    const wrapped = await wrapSpaceKey(space, sponsor, sponsor.identity);
    const bytes = Buffer.from(wrapped.wrappedKey, 'base64');
    bytes[3] = (bytes[3] ?? 0) ^ 0x80;
    const tampered = { ...wrapped, wrappedKey: bytes.toString('base64') };
    expect(
      await failure(openSpaceKey(sponsor.identity, tampered, binding('sponsor'), sponsor.publicKey)),
    ).toBe('decrypt-failed');
    const text = await encryptForSpace(space, 'a comment', 'comment:step-1');
    expect(await failure(decryptFromSpace(space, text, 'item:step-1'))).toBe('decrypt-failed');
  });

  it('rotate to a new generation the old key cannot open, sealed only to who is left', async () => {
    const sponsee = await person('sponsee');
    const old = await createSpaceKey('space-1', 1);
    const kept = [
      {
        id: 'c1',
        place: 'comment:step-1',
        ciphertext: await encryptForSpace(old, 'keep me', 'comment:step-1'),
      },
    ];
    const rotated = await rotateSpaceKey(old, [sponsee], kept, sponsee.identity);
    expect(rotated.space.generation).toBe(2);
    expect(rotated.wrapped.map((w) => w.userId)).toEqual(['sponsee']);
    const [sealed] = rotated.wrapped;
    const [moved] = rotated.contents;
    if (!sealed || !moved) throw new Error('one sealed key and one moved comment');
    const reopened = await openSpaceKey(sponsee.identity, sealed, binding('sponsee', 2), sponsee.publicKey);
    expect(await decryptFromSpace(reopened, moved.ciphertext, 'comment:step-1')).toBe('keep me');
    expect(await failure(decryptFromSpace(old, moved.ciphertext, 'comment:step-1'))).toBe('decrypt-failed');
    const later = await encryptForSpace(reopened, 'written afterwards', 'item:step-2');
    const oldAtNewGeneration = { ...old, generation: 2 };
    expect(await failure(decryptFromSpace(oldAtNewGeneration, later, 'item:step-2'))).toBe('decrypt-failed');
  });
});
