import { Suspense } from 'react';
import { Link } from 'react-router';
import { useAuthDialogs } from '../features/auth/authDialogsContext.ts';
import { useSession } from '../features/auth/sessionContext.ts';
import { QuickExitButton } from '../features/sharedDevice/QuickExitButton.tsx';
import { Button } from '../ui/Button.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import styles from './Header.module.css';
import { lazyServerState } from './lazyServerState.tsx';

// Only signed-in people see the menu (and load its dropdown code; Logout clears the query cache).
const UserMenu = lazyServerState(() => import('./UserMenu.tsx'), 'UserMenu');

export function Header() {
  const { user } = useSession();
  const { openLogin } = useAuthDialogs();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand} aria-label="SAM, home">
          <img src="/icons/icon.svg" alt="" width="32" height="32" />
          <span>SAM</span>
        </Link>
        <div className={styles.actions}>
          <QuickExitButton />
          {user ? (
            <Suspense fallback={<span className={styles.menuPlaceholder} />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <Button
              variant="secondary"
              className={styles.login}
              onClick={() => openLogin({ mode: 'signin' })}
            >
              Login
            </Button>
          )}
        </div>
      </div>
      <Breadcrumbs />
    </header>
  );
}
