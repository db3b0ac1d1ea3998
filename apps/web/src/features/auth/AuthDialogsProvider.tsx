import { SESSIONS_MESSAGES } from '@sam/core';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { lazyNamed } from '../../ui/lazyNamed.ts';
import { AuthDialogsContext, type LoginMode } from './authDialogsContext.ts';
import { useSession } from './sessionContext.ts';
import { takeSignedOutElsewhere } from './signOutMarks.ts';

const LoginModal = lazyNamed(() => import('./LoginModal.tsx'), 'LoginModal');
const ResetPasswordModal = lazyNamed(() => import('./ResetPasswordModal.tsx'), 'ResetPasswordModal');

type Open =
  | { dialog: 'login'; mode: LoginMode; email?: string; notice?: string; id: number }
  | { dialog: 'reset'; email: string; id: number }
  | null;

/** Owns the Login modal (Sign In, Create Account, Reset Password) and the Reset Your Password modal. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);

  // A new id on every open remounts the form, so its fields start empty: nothing typed before (a password
  // above all) is still there when the dialog opens again.
  const openLogin = useCallback((options: { mode?: LoginMode; email?: string } = {}) => {
    setOpen({ dialog: 'login', mode: options.mode ?? 'signin', email: options.email, id: Date.now() });
  }, []);

  const value = useMemo(() => ({ openLogin }), [openLogin]);

  // Signed out from another device (found by the start-up check or a later request): the sign-in dialog
  // opens and says so, once.
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'signed-out' || !takeSignedOutElsewhere(localStorage)) return;
    setOpen({
      dialog: 'login',
      mode: 'signin',
      notice: SESSIONS_MESSAGES.signedOutElsewhere,
      id: Date.now(),
    });
  }, [status]);
  const close = () => setOpen(null);

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {open?.dialog === 'login' ? (
          <LoginModal
            key={open.id}
            initialMode={open.mode}
            initialEmail={open.email}
            notice={open.notice}
            onClose={close}
            onResetCodeSent={(email) => setOpen({ dialog: 'reset', email, id: Date.now() })}
          />
        ) : null}
        {open?.dialog === 'reset' ? (
          <ResetPasswordModal
            key={open.id}
            email={open.email}
            onClose={close}
            onDone={(email) => openLogin({ mode: 'signin', email })}
          />
        ) : null}
      </Suspense>
    </AuthDialogsContext.Provider>
  );
}
