/**
 * SAM's end-to-end encryption (docs/decisions/0021-the-key-hierarchy.md). The only place in the web app that
 * touches keys.
 */
export type {
  AccountKeyContext,
  KeysApi,
  LoginCredentials,
  OpenAccountKeyResult,
  PasswordChangeCredentials,
  ResetCredentials,
  RewrappedKey,
  SignupCredentials,
} from './accountKeys.ts';
export {
  changePasswordCredentials,
  loginCredentials,
  makeNewRecoveryCode,
  openAccountKey,
  recoverWithCode,
  recoverWithOldPassword,
  recoveryCodeOpens,
  resetCredentials,
  signupCredentials,
  startFreshKey,
} from './accountKeys.ts';
export type { Binding, DataCipher } from './cipher.ts';
export { createDataCipher, dataAad, decryptJson, encryptJson } from './cipher.ts';
export { createDataKey, unwrapDataKey, wrapKey } from './dataKey.ts';
export type { CryptoErrorCode } from './errors.ts';
export {
  CryptoError,
  DECRYPT_FAILED_MESSAGE,
  INVALID_RECOVERY_CODE_MESSAGE,
  WRONG_EARLIER_PASSWORD_MESSAGE,
  WRONG_EARLIER_RECOVERY_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from './errors.ts';
export type { IdentityKey } from './identityKey.ts';
export { createIdentityKey, IDENTITY_KEY_PLACE, isPublicKey, openIdentityKey } from './identityKey.ts';
export type { EarlierSecret } from './inactiveKeys.ts';
export { openInactiveKeys } from './inactiveKeys.ts';
export type { AccountKeys } from './kdf.ts';
export { deriveAccountKeys, KDF_SALT_BYTES, newKdfParams } from './kdf.ts';
export { clearDataKeys, KEY_DB_NAME, KEY_STORE_NAME, loadDataKey, saveDataKey } from './keyStore.ts';
export {
  formatRecoveryCode,
  generateRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_LENGTH,
  recoveryWrappingKey,
} from './recoveryCode.ts';
export { safetyCode } from './safetyCode.ts';
export {
  createShareKey,
  decryptShareDocument,
  encryptShareDocument,
  isShareKey,
  SHARE_KEY_PLACE,
} from './shareKey.ts';
export type { SpaceCiphertext, SpaceKey, SpaceMember, WrappedSpaceKey } from './spaceKey.ts';
export {
  createSpaceKey,
  decryptFromSpace,
  encryptForSpace,
  openSpaceKey,
  rotateSpaceKey,
  wrapSpaceKey,
} from './spaceKey.ts';
