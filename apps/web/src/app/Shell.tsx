import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AccountBindingMove } from '../features/binding/AccountBindingMove.tsx';
import { ReadableInventoryMove } from '../features/inventory/ReadableInventoryMove.tsx';
import { InviteReturn } from '../features/invite/InviteReturn.tsx';
import { PreferencesEffects } from '../features/preferences/PreferencesEffects.tsx';
import { IdentityKeyAtSignIn } from '../features/sponsorSpace/IdentityKeyAtSignIn.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import styles from './Shell.module.css';

/** Header, the page, footer. After a navigation, focus moves to the page so screen readers start there. */
export function Shell() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A page that already put focus on one of its fields (a code to type after sign-up) keeps it there.
    const active = document.activeElement;
    if (active && active !== main.current && main.current?.contains(active)) return;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
      <PreferencesEffects />
      <AccountBindingMove />
      <ReadableInventoryMove />
      <IdentityKeyAtSignIn />
      <InviteReturn />
    </div>
  );
}
