import { AUTH_MESSAGES } from './authMessages.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

const isSixDigits = (code: string) => /^\d{6}$/.test(code.trim());

/**
 * The reset modal's checks, in the form's order (the code comes first): the message of the first that
 * fails; null when the form may be sent.
 */
export function resetFormError(form: { code: string; password: string; confirm: string }): string | null {
  if (!isSixDigits(form.code)) return AUTH_MESSAGES.codeHint;
  if (form.password !== form.confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (form.password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return null;
}

/** The sign-up rule: the typed password has at least 8 characters (the server only sees a derived value). */
export function signupPasswordError(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH ? AUTH_MESSAGES.passwordTooShort : null;
}

/** Checked in the browser, so a mistyped code never comes back as the server's field-named message. */
export function verificationError(email: string, code: string): string | null {
  if (!email.trim() || !code.trim()) return AUTH_MESSAGES.codeAndEmailRequired;
  return isSixDigits(code) ? null : AUTH_MESSAGES.codeHint;
}

export function resendError(email: string): string | null {
  return email.trim() ? null : AUTH_MESSAGES.emailRequired;
}
