import { describe, expect, it } from 'vitest';
import { resendError, resetFormError, signupPasswordError, verificationError } from './authValidation.ts';

describe('resetFormError', () => {
  const valid = { code: '123456', password: 'long enough', confirm: 'long enough' };
  it('accepts a complete form', () => {
    expect(resetFormError(valid)).toBeNull();
    expect(resetFormError({ ...valid, code: ' 123456 ' })).toBeNull();
  });
  it('checks the code first (the form asks for it first), then matching, then length', () => {
    expect(resetFormError({ code: '', password: '', confirm: '' })).toBe('Enter 6-digit code');
    expect(resetFormError({ ...valid, confirm: 'other' })).toBe('Passwords do not match');
    expect(resetFormError({ code: '123456', password: 'short', confirm: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(resetFormError({ ...valid, code: '12345' })).toBe('Enter 6-digit code');
    expect(resetFormError({ ...valid, code: '12a456' })).toBe('Enter 6-digit code');
  });
  it('takes exactly 8 characters as long enough', () => {
    expect(resetFormError({ code: '123456', password: '12345678', confirm: '12345678' })).toBeNull();
    expect(resetFormError({ code: '123456', password: '1234567', confirm: '1234567' })).not.toBeNull();
  });
});

describe('sign-up and verification rules', () => {
  it('needs 8 characters and allows very long passwords', () => {
    expect(signupPasswordError('1234567')).toBe('Password must be at least 8 characters long');
    expect(signupPasswordError('x'.repeat(200))).toBeNull();
  });
  it('needs both code and e-mail to verify, and an e-mail to resend', () => {
    expect(verificationError('a@example.com', '123456')).toBeNull();
    expect(verificationError(' ', '123456')).toBe('Verification code and email are required');
    expect(verificationError('a@example.com', '')).toBe('Verification code and email are required');
    expect(verificationError('a@example.com', '12345')).toBe('Enter 6-digit code');
    expect(verificationError('a@example.com', '12 3456')).toBe('Enter 6-digit code');
    expect(resendError('')).toBe('Email address is required');
    expect(resendError('a@example.com')).toBeNull();
  });
});
