/**
 * What other features use from the account feature; they import it from here (a lint rule keeps them to
 * it). The web app's modules declare no side effects (apps/web/package.json), so the build leaves out of
 * a page's load whatever it does not use from this list.
 */

export { AuthDialogsProvider } from './AuthDialogsProvider.tsx';
export { authApi, keyRecordQueryKey, keysApi } from './api.ts';
export { type LoginMode, useAuthDialogs } from './authDialogsContext.ts';
export { DataKeyProvider } from './DataKeyProvider.tsx';
export { type DataKeyStatus, useDataKey } from './dataKeyContext.ts';
export { LoginPrompt } from './LoginPrompt.tsx';
export { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
export { forgetPendingKeks } from './pendingKeks.ts';
export { RecoveryCodeDialog } from './RecoveryCodeDialog.tsx';
export { RequireDataKey } from './RequireDataKey.tsx';
export { rememberKdf } from './rememberedKdf.ts';
export { SessionProvider } from './SessionProvider.tsx';
export { type Session, useSession } from './sessionContext.ts';
export { currentAuthValue } from './signIn.ts';
export {
  followEmailChange,
  hasAccountFlag,
  setHasAccountFlag,
  setRememberedEmail,
  storedUserId,
} from './storedSession.ts';
export { useDataCipher } from './useDataCipher.ts';
export { useLogout } from './useLogout.ts';
