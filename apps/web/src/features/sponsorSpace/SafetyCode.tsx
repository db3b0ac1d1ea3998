import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import type { SpaceView } from './spaceView.ts';
import styles from './sponsorSpace.module.css';

type Props = { view: SpaceView; verify(): Promise<void> };

/**
 * The safety code both people compare, in person or by phone, and whether this browser has marked the
 * other person's key as compared. A key changed since is a warning, never accepted silently.
 */
export function SafetyCode({ view, verify }: Props) {
  const { reply, verification, safetyCode: code } = view;
  const name = reply.partner.displayName;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (!code) return null;

  const markVerified = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await verify();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.stack} aria-labelledby={`safety-${reply.relationshipId}`}>
      <h3 id={`safety-${reply.relationshipId}`} className={styles.itemTitle}>
        Safety code
      </h3>
      {verification === 'changed' ? (
        <Message tone="warning">
          {name}’s key has changed since you compared the code. This happens when {name} reset their password
          without a recovery code, but it could also mean someone else is in the way. Compare the new code
          with {name} again before you trust it.
        </Message>
      ) : null}
      {verification === 'verified' ? (
        <Message tone="success">Verified: you compared this code with {name}.</Message>
      ) : null}
      {verification === 'unverified' ? <p className={styles.meta}>Not verified yet.</p> : null}
      <p className={styles.code}>
        <span aria-hidden="true">{code}</span>
        <span className={styles.visuallyHidden}>{code.replaceAll(' ', '').split('').join(' ')}</span>
      </p>
      {verification !== 'verified' ? (
        <>
          <p className={styles.meta}>
            Meet {name} in person or call them, and read your codes to each other. When every digit is the
            same, only the two of you can read this space.
          </p>
          <div className={styles.actions}>
            <Button size="sm" onClick={markVerified} disabled={busy}>
              We compared it: mark verified
            </Button>
          </div>
          {failed ? <Message tone="danger">Could not save that. Please try again.</Message> : null}
        </>
      ) : null}
    </section>
  );
}
