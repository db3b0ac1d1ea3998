import type { SignedInSession } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { formatDateOnFirstUse } from '../../ui/dateFormat.ts';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { type HeadingLevel, SectionHeading } from '../profile/index.ts';
import styles from './sessions.module.css';
import { useSessions, useSignOutSession } from './useSessions.ts';

const formatWhen = formatDateOnFirstUse({ dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Where you're signed in": each browser holding a sign-in to this account, from what the browser said it
 * was (never an address or a place), with sign-out of any one or all the others.
 */
export function SessionsSection({ headingLevel }: { headingLevel: HeadingLevel }) {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  if (sessions.isPending) return <Spinner size="small" message="Loading where you're signed in..." />;
  if (sessions.isError) {
    return <Message tone="warning">SAM could not load where you're signed in. Please try again.</Message>;
  }
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current);
  return (
    <>
      <SectionHeading level={headingLevel}>Where you're signed in</SectionHeading>
      <p className={styles.note}>
        If you see a device you do not know or no longer use, sign it out. SAM keeps no address or place, only
        the kind of browser.
      </p>
      <ul className={styles.list} aria-label="Signed-in devices">
        {list.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            busy={signOut.isPending && signOut.variables === session.id}
            onSignOut={() => signOut.mutate(session.id)}
          />
        ))}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="secondary"
          busy={signOut.isPending && signOut.variables === 'others'}
          busyLabel="Signing out..."
          onClick={() => signOut.mutate('others')}
        >
          Sign out everywhere else
        </Button>
      ) : null}
      {signOut.isSuccess ? <Message tone="success">{signOut.data.message}</Message> : null}
      {signOut.isError ? <Message tone="danger">{signOut.error.message}</Message> : null}
    </>
  );
}

function SessionItem({
  session,
  busy,
  onSignOut,
}: {
  session: SignedInSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  return (
    <li className={styles.item}>
      <div>
        <strong>{session.device}</strong>
        {session.current ? <span className={styles.current}> (this device)</span> : null}
        <div className={styles.meta}>
          Last used {formatWhen(new Date(session.lastUsedAt))} · signed in{' '}
          {formatWhen(new Date(session.createdAt))}
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          busyLabel="Signing out..."
          aria-label={`Sign out ${session.device}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
