/** The messages of the account screens: sign-up, confirmation, sign-in, password reset and logout. */
export const AUTH_MESSAGES = {
  signupFailed: 'Account creation failed',
  verifyFailed: 'Verification failed',
  resendFailed: 'Failed to resend confirmation code',
  resendSucceeded: 'Confirmation code resent successfully',
  loginFailed: 'Login failed',
  loginModalDefault: 'Authentication failed',
  kdfChanged:
    'The sign-in settings for this address changed since you last signed in on this device. That is expected if you reset or changed your password. If you did not, someone may be interfering with the connection: do not go on. To continue, press the button again.',
  forgotFailed: 'Password reset request failed',
  resetFailed: 'Password reset failed',
  network: 'Network error. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  codeHint: 'Enter 6-digit code',
  codeAndEmailRequired: 'Verification code and email are required',
  emailRequired: 'Email address is required',
  noToken: 'No authentication token found',
  /** Shown only once the session is revoked and the device wiped (useLogout). */
  loggedOutTitle: 'You are logged out',
  loggedOut: 'You are logged out. Your writing and your key are no longer on this device.',
  loggedOutOffline:
    'You are logged out on this device: your writing and your key are no longer here. SAM could not reach the server to end the sign-in there too. It ends by itself, or from "Where you\'re signed in" on another device.',
  logoutUnsavedTitle: 'Some writing is not saved yet',
  logoutUnsaved:
    'Some of your writing may be only a draft on this device, not saved to your account. Logging out deletes it from this device.',
  logoutKeepWriting: 'Keep writing',
  logoutAnyway: 'Log out anyway',
} as const;

/**
 * The error code of a mailed code whose tries are used up: the page offers a new code beside the message.
 * Every address gets it after the same number of tries, so it says nothing about an account.
 */
export const CODE_USED_UP = 'code_used_up';

const ERROR_PARAM_MESSAGES = new Map<string, string>([
  ['no_code', 'Login session expired. Please try logging in again.'],
  ['token_exchange_failed', 'Unable to complete login. Please try again.'],
  ['no_token', 'Login verification failed. Please try again.'],
  ['auth_failed', 'Authentication failed. Please try again.'],
]);

/** The alert text for the start-up `error` query parameter. */
export function errorParamMessage(value: string): string {
  return ERROR_PARAM_MESSAGES.get(value) ?? 'An error occurred during login. Please try again.';
}
