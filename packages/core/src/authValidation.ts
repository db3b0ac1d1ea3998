import { AUTH_MESSAGES } from './authMessages.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** The reset modal's checks, in order: the message of the first that fails; null when the form may be sent. */
export function resetFormError(form: { code: string; password: string; confirm: string }): string | null {
  if (form.password !== form.confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (form.password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (!/^\d{6}$/.test(form.code.trim())) return AUTH_MESSAGES.codeHint;
  return null;
}

/** The sign-up rule: the typed password has at least 8 characters (the server only sees a derived value). */
export function signupPasswordError(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH ? AUTH_MESSAGES.passwordTooShort : null;
}

export function verificationError(email: string, code: string): string | null {
  return email.trim() && code.trim() ? null : AUTH_MESSAGES.codeAndEmailRequired;
}

export function resendError(email: string): string | null {
  return email.trim() ? null : AUTH_MESSAGES.emailRequired;
}
