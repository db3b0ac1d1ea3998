import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { HomePage } from '../home/index.ts';
import { useAuthDialogs } from './authDialogsContext.ts';
import { useSession } from './sessionContext.ts';

/** /signup?email=…: the home page with the Create Account modal open and the e-mail filled in. */
export function SignupPage() {
  const [params] = useSearchParams();
  const { openLogin } = useAuthDialogs();
  const { status } = useSession();
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current || status !== 'signed-out') return;
    opened.current = true;
    openLogin({ mode: 'signup', email: params.get('email') ?? undefined });
  }, [openLogin, params, status]);

  return <HomePage />;
}
