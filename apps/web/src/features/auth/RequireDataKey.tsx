import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './auth.module.css';
import { useDataKey } from './dataKeyContext.ts';

/**
 * Wrap private features in this: children render only once the data key is in this browser; before that,
 * a calm panel offers to unlock. Signed-out visitors see `signedOut` (e.g. a LoginPrompt).
 */
export function RequireDataKey({
  children,
  signedOut = null,
}: {
  children: ReactNode;
  signedOut?: ReactNode;
}) {
  const { status, waitsForRecovery, requestUnlock } = useDataKey();
  if (status === 'ready') return <>{children}</>;
  if (status === 'signed-out') return <>{signedOut}</>;
  if (status === 'loading' || status === 'opening') return <Spinner message="Unlocking your writing..." />;
  if (waitsForRecovery) {
    return (
      <section className={styles.prompt} aria-labelledby="locked-heading">
        <h2 id="locked-heading">Your writing is still locked</h2>
        <p>
          Your password was reset, and your new password cannot open what you wrote before. The recovery code
          you saved when you set up SAM can, and so can your old password.
        </p>
        <Button onClick={() => void requestUnlock()}>Unlock with recovery code or old password</Button>
      </section>
    );
  }
  return (
    <section className={styles.prompt} aria-labelledby="locked-heading">
      <h2 id="locked-heading">Your writing is locked in this browser</h2>
      <p>It is encrypted with your password. Enter your password once to unlock it here.</p>
      <Button onClick={() => void requestUnlock()}>Unlock</Button>
    </section>
  );
}
