/** Fixed numbers of the app (lengths, timers, code limits) shared by the browser and the server. */
export const FALLBACK_VERSION = '0.1.2';
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_MODAL_CLOSE_MS = 2000;
export const VERIFY_REDIRECT_MS = 3000;
export const CONFIRMATION_CODE_TTL_MINUTES = 10;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_MAX_SENDS_PER_HOUR = 3;
export const CRISIS_LINES = ['988', '1-800-662-HELP'] as const;

/** Browser storage keys; renaming one loses what browsers already keep under it. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  userInfo: 'user_info',
  hasAccount: 'rc_has_account',
  rememberedEmail: 'remembered_email',
  userPageVisits: 'userPageVisits',
  legacyTokens: ['id_token', 'access_token', 'refresh_token'],
} as const;

/**
 * Sign-in key derivation (docs/decisions/0021-the-key-hierarchy.md); the browser needs these without the
 * request schemas.
 */
export const KDF_NAME = 'PBKDF2-SHA256';
export const KDF_ITERATIONS = 600_000;
/** Fewer iterations are refused everywhere, so neither a caller nor a hostile server can weaken a key. */
export const KDF_MIN_ITERATIONS = KDF_ITERATIONS;
export const KDF_MAX_ITERATIONS = 10_000_000;
export const CODE_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;
/** Letters of any script (with their combining marks), digits, spaces, hyphen, apostrophe, period. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}0-9 '’.-]+$/u;
export const EMAIL_MAX_LENGTH = 254;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
