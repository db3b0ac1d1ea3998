import {
  KDF_NAME,
  type KdfParams,
  type KeyRecord,
  type KeyRecordBody,
  type KeyWrapping,
  type PreloginReply,
} from '@sam/core';
import { createDataKey, unwrapDataKey, unwrapDataKeyForRewrap, wrapKey } from './dataKey.ts';
import { CryptoError, WRONG_PASSWORD_MESSAGE, WRONG_RECOVERY_CODE_MESSAGE } from './errors.ts';
import { deriveAccountKeys, newKdfParams } from './kdf.ts';
import { generateRecoveryCode, recoveryWrappingKey } from './recoveryCode.ts';

/** The server's key record routes, implemented by the web app (GET answers null before the first key). */
export interface KeysApi {
  get(userId: string): Promise<KeyRecord | null>;
  put(body: KeyRecordBody): Promise<KeyRecord>;
  /** The wrappings earlier re-wraps replaced, newest first (none when absent). */
  wrappings?(userId: string): Promise<KeyWrapping[]>;
}

/** What the account-key flows need: WebCrypto, the signed-in user, the current kek and the API. */
export interface AccountKeyContext {
  crypto: Crypto;
  userId: string;
  kek: CryptoKey;
  keysApi: KeysApi;
  /** The auth value of the sign-in that derived `kek`: replacing a key's wrapping needs it. */
  authValue?: string;
}

/**
 * A usable data key (non-extractable AES-GCM) and the new recovery code to show once, with the wrapping
 * it made: "I have saved it" names that wrapping to the server.
 */
export interface RewrappedKey {
  key: CryptoKey;
  recoveryCode: string;
  recoveryEncryptedKey: string;
}

export type OpenAccountKeyResult =
  | { status: 'opened'; key: CryptoKey }
  | { status: 'created'; key: CryptoKey; recoveryCode: string; recoveryEncryptedKey: string }
  | { status: 'needs-recovery'; record: KeyRecord };

/** `password` and `kdf` go in the signup body; keep `kek` in memory to open the key after confirming. */
export interface SignupCredentials {
  password: string;
  kdf: KdfParams;
  kek: CryptoKey;
}

export interface LoginCredentials {
  password: string;
  kek: CryptoKey;
}

/** `new_password` and `kdf` go in the reset-password body. */
export interface ResetCredentials {
  new_password: string;
  kdf: KdfParams;
  kek: CryptoKey;
}

/** `password`, `new_password`, `kdf` and `encryptedKey` go in one password-change request. */
export interface PasswordChangeCredentials {
  password: string;
  new_password: string;
  kdf: KdfParams;
  encryptedKey: string;
  kek: CryptoKey;
}

/** Signup: with the parameters prelogin answers for the new address (fresh ones when none are given). */
export async function signupCredentials(
  crypto: Crypto,
  password: string,
  kdf: KdfParams = newKdfParams(crypto),
): Promise<SignupCredentials> {
  const { authValue, kek } = await deriveAccountKeys(crypto, password, kdf);
  return { password: authValue, kdf, kek };
}

/** Login: derives from the parameters of POST /api/auth/prelogin. */
export async function loginCredentials(
  crypto: Crypto,
  password: string,
  prelogin: PreloginReply,
): Promise<LoginCredentials> {
  if (prelogin.kdf !== KDF_NAME) {
    throw new CryptoError('invalid-kdf', 'The sign-in settings sent by the server are not supported.');
  }
  const { authValue, kek } = await deriveAccountKeys(crypto, password, {
    salt: prelogin.salt,
    iterations: prelogin.iterations,
  });
  return { password: authValue, kek };
}

/** Reset by e-mailed code: a new salt for the new password. The data key needs recovery afterwards. */
export async function resetCredentials(
  crypto: Crypto,
  newPassword: string,
  kdf: KdfParams = newKdfParams(crypto),
): Promise<ResetCredentials> {
  const { authValue, kek } = await deriveAccountKeys(crypto, newPassword, kdf);
  return { new_password: authValue, kdf, kek };
}

/** An ISO date-time the key schema accepts, from a stored one when it parses, else now. */
function isoDate(value?: string): string {
  const time = value === undefined ? Number.NaN : Date.parse(value);
  return new Date(Number.isNaN(time) ? Date.now() : time).toISOString();
}

interface WrappedForServer {
  body: KeyRecordBody;
  key: CryptoKey;
  recoveryCode: string;
}

/** Wraps an extractable data key under kek and a fresh recovery code; returns a non-extractable copy. */
async function wrapForServer(
  ctx: AccountKeyContext,
  dataKey: CryptoKey,
  mode: KeyRecordBody['mode'],
  createdAt?: string,
): Promise<WrappedForServer> {
  const { crypto, userId, kek } = ctx;
  const recoveryCode = generateRecoveryCode(crypto);
  const encryptedKey = await wrapKey(crypto, dataKey, kek);
  const recoveryEncryptedKey = await wrapKey(
    crypto,
    dataKey,
    await recoveryWrappingKey(crypto, recoveryCode),
  );
  const key = await unwrapDataKey(crypto, encryptedKey, kek);
  const now = new Date().toISOString();
  const body: KeyRecordBody = {
    userId,
    encryptedKey,
    recoveryEncryptedKey,
    createdAt: createdAt === undefined ? now : isoDate(createdAt),
    lastUsed: now,
    mode,
    ...(mode !== 'create' && ctx.authValue ? { password: ctx.authValue } : {}),
  };
  return { body, key, recoveryCode };
}

async function storeRewrapped(
  ctx: AccountKeyContext,
  dataKey: CryptoKey,
  mode: KeyRecordBody['mode'],
  createdAt?: string,
): Promise<RewrappedKey> {
  const { body, key, recoveryCode } = await wrapForServer(ctx, dataKey, mode, createdAt);
  await ctx.keysApi.put(body);
  return { key, recoveryCode, recoveryEncryptedKey: body.recoveryEncryptedKey };
}

async function openRecord(ctx: AccountKeyContext, record: KeyRecord): Promise<OpenAccountKeyResult> {
  try {
    return { status: 'opened', key: await unwrapDataKey(ctx.crypto, record.encryptedKey, ctx.kek) };
  } catch (error) {
    if (error instanceof CryptoError) return { status: 'needs-recovery', record };
    throw error;
  }
}

async function createAccountKey(ctx: AccountKeyContext): Promise<OpenAccountKeyResult> {
  const { body, key, recoveryCode } = await wrapForServer(ctx, await createDataKey(ctx.crypto), 'create');
  const created = {
    status: 'created',
    key,
    recoveryCode,
    recoveryEncryptedKey: body.recoveryEncryptedKey,
  } as const;
  try {
    await ctx.keysApi.put(body);
  } catch (error) {
    // Another tab may have created the record first (409), or our write landed but its reply was lost.
    const existing = await ctx.keysApi.get(ctx.userId).catch(() => null);
    if (existing === null) throw error;
    if (existing.encryptedKey === body.encryptedKey) return created;
    return openRecord(ctx, existing);
  }
  return created;
}

/**
 * After sign-in: opens the account's data key with `kek`. Without a record, creates the key and returns a
 * recovery code to show once; when `kek` does not open the record (the password was reset), returns
 * 'needs-recovery' with the record for {@link recoverWithCode} or {@link recoverWithOldPassword}.
 */
export async function openAccountKey(ctx: AccountKeyContext): Promise<OpenAccountKeyResult> {
  const record = await ctx.keysApi.get(ctx.userId);
  return record === null ? createAccountKey(ctx) : openRecord(ctx, record);
}

/**
 * The record's wrapping, then the earlier ones the server kept (newest first), as records: a re-wrap that
 * went wrong (a bad wrapping sent) is undone by the first one the old password opens.
 */
async function* wrappingsOf(ctx: AccountKeyContext, record: KeyRecord): AsyncGenerator<KeyRecord> {
  yield record;
  const earlier = (await ctx.keysApi.wrappings?.(ctx.userId).catch(() => [])) ?? [];
  for (const wrapping of earlier) {
    const { encryptedKey, recoveryEncryptedKey, kdf } = wrapping;
    yield { ...record, encryptedKey, recoveryEncryptedKey, kdf };
  }
}

/** The data key from the first wrapping `open` unlocks; the last CryptoError when none does. */
async function openFirst(
  ctx: AccountKeyContext,
  record: KeyRecord,
  open: (wrapping: KeyRecord) => Promise<CryptoKey>,
): Promise<CryptoKey> {
  let failure: unknown;
  for await (const wrapping of wrappingsOf(ctx, record)) {
    try {
      return await open(wrapping);
    } catch (error) {
      if (!(error instanceof CryptoError)) throw error;
      failure = error;
    }
  }
  throw failure;
}

/**
 * Unwraps the data key with the recovery code, re-wraps the same key under the current kek and a new code
 * (mode 'rewrap'). Only the current wrapping is tried: a code stops working once a new one is issued.
 * Throws CryptoError 'invalid-recovery-code' or 'wrong-recovery-code'.
 */
export async function recoverWithCode(
  ctx: AccountKeyContext & { record: KeyRecord; recoveryCode: string },
): Promise<RewrappedKey> {
  const recoveryKey = await recoveryWrappingKey(ctx.crypto, ctx.recoveryCode);
  let dataKey: CryptoKey;
  try {
    dataKey = await unwrapDataKeyForRewrap(ctx.crypto, ctx.record.recoveryEncryptedKey, recoveryKey);
  } catch (cause) {
    throw new CryptoError('wrong-recovery-code', WRONG_RECOVERY_CODE_MESSAGE, { cause });
  }
  return storeRewrapped(ctx, dataKey, 'rewrap', ctx.record.createdAt);
}

async function unwrapWithPassword(
  crypto: Crypto,
  record: KeyRecord,
  password: string,
  kdf: KdfParams,
): Promise<{ dataKey: CryptoKey; authValue: string }> {
  const { authValue, kek } = await deriveAccountKeys(crypto, password, kdf);
  try {
    return { dataKey: await unwrapDataKeyForRewrap(crypto, record.encryptedKey, kek), authValue };
  } catch (cause) {
    throw new CryptoError('wrong-password', WRONG_PASSWORD_MESSAGE, { cause });
  }
}

/**
 * Unwraps the data key with the password it was wrapped under (derived with each wrapping's own kdf: the
 * record's, then earlier ones), re-wraps it under the current kek and a new recovery code (mode 'rewrap').
 * Throws CryptoError 'wrong-password'.
 */
export async function recoverWithOldPassword(
  ctx: AccountKeyContext & { record: KeyRecord; oldPassword: string },
): Promise<RewrappedKey> {
  const dataKey = await openFirst(
    ctx,
    ctx.record,
    async (wrapping) =>
      (await unwrapWithPassword(ctx.crypto, wrapping, ctx.oldPassword, wrapping.kdf)).dataKey,
  );
  return storeRewrapped(ctx, dataKey, 'rewrap', ctx.record.createdAt);
}

/**
 * "Make a new recovery code" (decision 48): the password typed again opens the data key (the auth value it
 * derives is the re-authentication), which is re-wrapped under the same kek and a new code (mode
 * 'rewrap'). The server keeps no wrapping of the old code, so from then on only the new one opens the key.
 * Throws CryptoError 'wrong-password' before anything is sent when the password does not open `record`.
 */
export async function makeNewRecoveryCode(args: {
  crypto: Crypto;
  userId: string;
  keysApi: KeysApi;
  record: KeyRecord;
  password: string;
}): Promise<RewrappedKey> {
  const { crypto, record } = args;
  const { authValue, kek } = await deriveAccountKeys(crypto, args.password, record.kdf);
  let dataKey: CryptoKey;
  try {
    dataKey = await unwrapDataKeyForRewrap(crypto, record.encryptedKey, kek);
  } catch (cause) {
    throw new CryptoError('wrong-password', WRONG_PASSWORD_MESSAGE, { cause });
  }
  const ctx = { crypto, userId: args.userId, kek, keysApi: args.keysApi, authValue };
  return storeRewrapped(ctx, dataKey, 'rewrap', record.createdAt);
}

/**
 * Whether a recovery code a person kept opens the record's current wrapping, checked in the browser only
 * (the code never leaves it). Throws CryptoError 'invalid-recovery-code' for what is not a code at all.
 */
export async function recoveryCodeOpens(crypto: Crypto, record: KeyRecord, code: string): Promise<boolean> {
  const recoveryKey = await recoveryWrappingKey(crypto, code);
  try {
    await unwrapDataKey(crypto, record.recoveryEncryptedKey, recoveryKey);
    return true;
  } catch (error) {
    if (error instanceof CryptoError) return false;
    throw error;
  }
}

/** Gives up on the old data: a new data key (mode 'new-key'; the server keeps the old record inactive). */
export async function startFreshKey(ctx: AccountKeyContext): Promise<RewrappedKey> {
  return storeRewrapped(ctx, await createDataKey(ctx.crypto), 'new-key');
}

/**
 * Password change while signed in (docs/decisions/0021-the-key-hierarchy.md): the current auth value, the
 * new one under a new salt, and the same data key re-wrapped under the new kek. No data is re-encrypted;
 * the recovery wrapping is unchanged. `currentKdf` is the account's (from prelogin). Throws CryptoError
 * 'wrong-password' when the current password does not open `record`.
 */
export async function changePasswordCredentials(args: {
  crypto: Crypto;
  record: KeyRecord;
  currentKdf: KdfParams;
  currentPassword: string;
  newPassword: string;
  newKdf?: KdfParams;
}): Promise<PasswordChangeCredentials> {
  const { crypto, record, currentKdf, currentPassword, newPassword } = args;
  const { dataKey, authValue } = await unwrapWithPassword(crypto, record, currentPassword, currentKdf);
  const kdf = args.newKdf ?? newKdfParams(crypto);
  const next = await deriveAccountKeys(crypto, newPassword, kdf);
  const encryptedKey = await wrapKey(crypto, dataKey, next.kek);
  return { password: authValue, new_password: next.authValue, kdf, encryptedKey, kek: next.kek };
}
