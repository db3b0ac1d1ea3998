import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './auth.module.css';
import { useAuthDialogs } from './authDialogsContext.ts';
import { useSession } from './sessionContext.ts';

/** For anonymous visitors on pages where an account adds something; renders nothing when signed in. */
export function LoginPrompt({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { openLogin } = useAuthDialogs();
  if (user) return null;
  return (
    <aside className={styles.prompt} aria-label="Sign in">
      <p>{children}</p>
      <div className={styles.buttonRow}>
        <Button onClick={() => openLogin({ mode: 'signin' })}>Login</Button>
        <Button variant="secondary" onClick={() => openLogin({ mode: 'signup' })}>
          Create Account
        </Button>
      </div>
    </aside>
  );
}
