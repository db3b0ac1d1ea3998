/** What other features use from the account feature. */

export { AuthDialogsProvider } from './AuthDialogsProvider.tsx';
export { authApi, keysApi } from './api.ts';
export { type LoginMode, useAuthDialogs } from './authDialogsContext.ts';
export { DataKeyProvider } from './DataKeyProvider.tsx';
export { type DataKeyStatus, useDataCipher, useDataKey } from './dataKeyContext.ts';
export { LoginPrompt } from './LoginPrompt.tsx';
export { RequireDataKey } from './RequireDataKey.tsx';
export { SessionProvider } from './SessionProvider.tsx';
export { type Session, useSession } from './sessionContext.ts';
export { hasAccountFlag, setHasAccountFlag } from './storedSession.ts';
export { useLogout } from './useLogout.ts';
