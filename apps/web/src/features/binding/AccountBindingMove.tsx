import { useEffect, useRef } from 'react';
// In every page's first load (the shell): the files themselves, not the feature's index (see auth/index.ts).
import { useDataCipher, useSession } from '../auth/index.ts';

/**
 * Once per page load, for an account whose writing may still be bound to its e-mail: moves it to the
 * account id in the background (nothing is shown; every piece stays readable throughout). When all has
 * moved, the session learns the new binding; otherwise the next sign-in goes on.
 */
export function AccountBindingMove() {
  const session = useSession();
  const { cipher } = useDataCipher();
  const started = useRef<string | null>(null);
  const user = session.user;
  const needed = user !== null && user.contentBinding < 2;

  useEffect(() => {
    if (!needed || !cipher || !user || started.current === user.id) return;
    started.current = user.id;
    void (async () => {
      const [{ moveToAccountBinding }, { bindingApis }] = await Promise.all([
        import('./moveToAccountBinding.ts'),
        import('./api.ts'),
      ]);
      const counts = await moveToAccountBinding(cipher, bindingApis);
      if (counts.failed === 0) session.updateUser({ ...user, contentBinding: 2 });
    })().catch((error) => console.warn('Could not move writing to the account binding', error));
  }, [needed, cipher, user, session]);

  return null;
}
