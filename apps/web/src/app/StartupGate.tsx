import { type ReactNode, useEffect } from 'react';
import { useSession } from '../features/auth/sessionContext.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { takeStartupErrorMessage } from './startupError.ts';

/** 'Initializing...' while the start-up session check runs; then the app, and any `?error=` alert. */
export function StartupGate({ children }: { children: ReactNode }) {
  const { status } = useSession();

  useEffect(() => {
    const message = takeStartupErrorMessage();
    // After the first paint, so the page behind the alert is not blank.
    if (message) setTimeout(() => window.alert(message), 0);
  }, []);

  if (status === 'checking') return <Spinner fullScreen size="large" message="Initializing..." />;
  return <>{children}</>;
}
