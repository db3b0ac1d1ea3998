import { describe, expect, it } from 'vitest';
import { errorParamMessage } from './authMessages.ts';

describe('errorParamMessage', () => {
  it.each([
    ['no_code', 'Login session expired. Please try logging in again.'],
    ['token_exchange_failed', 'Unable to complete login. Please try again.'],
    ['no_token', 'Login verification failed. Please try again.'],
    ['auth_failed', 'Authentication failed. Please try again.'],
    ['anything_else', 'An error occurred during login. Please try again.'],
    ['', 'An error occurred during login. Please try again.'],
    ['__proto__', 'An error occurred during login. Please try again.'],
  ])('%s', (value, message) => {
    expect(errorParamMessage(value)).toBe(message);
  });
});
