import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import type { SpaceView } from './spaceView.ts';
import styles from './sponsorSpace.module.css';
import { SPACE_WORDING as W } from './wording.ts';

type Props = { view: SpaceView; verify(compared: boolean): Promise<void> };

/**
 * The safety code both people compare, in person or by phone, and how far this browser trusts the other
 * person's key (decision 43). Nothing is shared until the code is compared, or the person chooses to go on
 * without it after reading what that risks; a key changed since is a warning, never accepted silently.
 */
export function SafetyCode({ view, verify }: Props) {
  const { reply, verification, safetyCode: code, refused } = view;
  const name = reply.partner.displayName;
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  if (refused === 'my-key') return <Message tone="danger">{W.myKeyRefused}</Message>;
  if (refused === 'partner-key') return <Message tone="danger">{W.partnerKeyRefused(name)}</Message>;
  if (!code || !verification) return null;

  const accept = async (compared: boolean) => {
    if (!compared) {
      const yes = await dialogs.confirm({
        title: W.goOnTitle,
        message: W.goOnText(name),
        variant: 'danger',
        confirmText: W.goOnConfirm,
        cancelText: W.goOnCancel,
      });
      if (!yes) return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await verify(compared);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const sealedByAnother = reply.role === 'sponsor' && reply.generation !== null && view.key === null;
  return (
    <section className={styles.stack} aria-labelledby={`safety-${reply.relationshipId}`}>
      <h3 id={`safety-${reply.relationshipId}`} className={styles.itemTitle}>
        Safety code
      </h3>
      {verification === 'changed' ? <Message tone="warning">{W.changed(name)}</Message> : null}
      {verification === 'accepted' ? <Message tone="warning">{W.acceptedUnverified(name)}</Message> : null}
      {verification === 'verified' ? <Message tone="success">{W.verified(name)}</Message> : null}
      {verification === 'unverified' ? (
        <Message tone="info">{W.compareFirst(name, reply.role)}</Message>
      ) : null}
      {sealedByAnother ? <Message tone="warning">{W.sealedByAnother(name)}</Message> : null}
      <p className={styles.code}>
        <span aria-hidden="true">{code}</span>
        <span className={styles.visuallyHidden}>{code.replaceAll(' ', '').split('').join(' ')}</span>
      </p>
      {verification !== 'verified' ? (
        <>
          <div className={styles.actions}>
            <Button size="sm" onClick={() => void accept(true)} disabled={busy}>
              {W.markVerified}
            </Button>
            {verification !== 'accepted' ? (
              <Button size="sm" variant="ghost" onClick={() => void accept(false)} disabled={busy}>
                {W.goOnWithout}
              </Button>
            ) : null}
          </div>
          {failed ? <Message tone="danger">Could not save that. Please try again.</Message> : null}
        </>
      ) : null}
    </section>
  );
}
