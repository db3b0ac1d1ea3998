import { createContext, useContext } from 'react';

export type LoginMode = 'signin' | 'signup' | 'reset';

export type AuthDialogs = {
  /** Opens the login modal with fresh fields; `email` prefills it (else the remembered one in Sign In). */
  openLogin(options?: { mode?: LoginMode; email?: string }): void;
};

export const AuthDialogsContext = createContext<AuthDialogs | null>(null);

export function useAuthDialogs(): AuthDialogs {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return value;
}
