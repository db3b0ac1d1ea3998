/**
 * What other features use from the account feature. Code in every page's first load (the shell, the home
 * page) imports the files themselves: through this file, all it lists would join the first load.
 */

export { AuthDialogsProvider } from './AuthDialogsProvider.tsx';
export { authApi, keysApi } from './api.ts';
export { type LoginMode, useAuthDialogs } from './authDialogsContext.ts';
export { DataKeyProvider } from './DataKeyProvider.tsx';
export { type DataKeyStatus, useDataKey } from './dataKeyContext.ts';
export { LoginPrompt } from './LoginPrompt.tsx';
export { RequireDataKey } from './RequireDataKey.tsx';
export { rememberKdf } from './rememberedKdf.ts';
export { SessionProvider } from './SessionProvider.tsx';
export { type Session, useSession } from './sessionContext.ts';
export { followEmailChange, hasAccountFlag, setHasAccountFlag } from './storedSession.ts';
export { useDataCipher } from './useDataCipher.ts';
export { useLogout } from './useLogout.ts';
