import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameSchema, signupBodySchema } from './auth.ts';
import { BASE64_PATTERN, emailSchema, isBase64 } from './common.ts';
import { keyRecordBodySchema } from './keys.ts';

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Someone@Example.COM ')).toBe('someone@example.com');
  });
  it('refuses malformed and overlong addresses', () => {
    expect(emailSchema.safeParse('no-at-sign').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
    expect(emailSchema.safeParse(42).success).toBe(false);
  });
});

describe('signupBodySchema', () => {
  const body = {
    email: 'a@example.com',
    password: 'YXV0aC12YWx1ZQ==',
    name: ' Alex ',
    kdf: { salt: 'c2FtLXRlc3Qtc2FsdC0xMg==', iterations: 600000 },
  };
  it('accepts a body and trims the name', () => {
    expect(signupBodySchema.parse(body).name).toBe('Alex');
  });
  it('refuses a blank name and a non-base64 salt', () => {
    expect(signupBodySchema.safeParse({ ...body, name: '   ' }).success).toBe(false);
    expect(
      signupBodySchema.safeParse({ ...body, kdf: { ...body.kdf, salt: 'not base64!!!!!!!!' } }).success,
    ).toBe(false);
  });
});

describe('nameSchema', () => {
  it('accepts names of any script, with marks, hyphens, apostrophes and periods', () => {
    for (const name of [
      'Alex',
      'José',
      'Zoë',
      "O'Brien",
      'Anne-Marie',
      'J. R.',
      'Łukasz',
      'محمد',
      '김민수',
      'Nguyễn',
    ]) {
      expect(nameSchema.safeParse(name).success, name).toBe(true);
    }
  });
  it('refuses control, invisible and direction-changing characters, and anything a name does not need', () => {
    for (const name of [
      'Al\nSubject: hi',
      'Al\u0007',
      'Al\u202Eecnarf',
      'Al\u200Bex',
      'Al\u2066x',
      'Visit evil.example/login',
      'Al <a@b.c>',
      'Al 🙂',
    ]) {
      expect(nameSchema.safeParse(name).success, JSON.stringify(name)).toBe(false);
    }
  });
  it('explains the rule when it refuses', () => {
    expect(nameSchema.safeParse('Al\u0000').error?.issues[0]?.message).toBe(
      'First name may hold letters, digits, spaces, hyphens, apostrophes and periods only',
    );
  });
});

describe('keyRecordBodySchema', () => {
  it('defaults the mode to create', () => {
    const parsed = keyRecordBodySchema.parse({
      userId: 'a@example.com',
      encryptedKey: 'd3JhcHBlZC1kYXRhLWtleQ==',
      recoveryEncryptedKey: 'd3JhcHBlZC1kYXRhLWtleQ==',
      createdAt: '2026-11-21T10:00:00.000Z',
      lastUsed: '2026-11-21T10:00:00.000Z',
    });
    expect(parsed.mode).toBe('create');
  });
});

describe('isBase64', () => {
  it.each([
    ['', true],
    ['QUJD', true],
    ['QUI=', true],
    ['QQ==', true],
    ['a+b/', true],
    ['Q===', false],
    ['Q=Q=', false],
    ['=QQQ', false],
    ['QQ=x', false],
    ['ab c', false],
    ['ab-_', false],
    ['QUJD\n', false],
    ['Ω', false],
  ])('%j is base64: %s', (text, expected) => {
    expect(isBase64(text)).toBe(expected);
  });

  it('agrees with the pattern the API documentation publishes', () => {
    const text = fc.string({ unit: fc.constantFrom(...'AZaz09+/=- \n'), maxLength: 12 });
    const pattern = new RegExp(BASE64_PATTERN);
    fc.assert(fc.property(text, (t) => isBase64(t) === pattern.test(t)));
  });
});
