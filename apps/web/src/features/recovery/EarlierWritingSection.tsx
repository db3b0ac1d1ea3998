import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { type HeadingLevel, SectionHeading } from '../profile/index.ts';
import { stepPath } from '../steps/index.ts';
import { KeptAsideList } from './KeptAsideList.tsx';
import { KeptAsideToolsList } from './KeptAsideToolsList.tsx';
import { type Slot, slotName } from './places.ts';
import styles from './recovery.module.css';
import { UnlockEarlierDialog } from './UnlockEarlierDialog.tsx';
import { useEarlierKeys, useEarlierWritingScan, useKeptAsideTools } from './useEarlierWriting.ts';
import { listOf } from './wording.ts';

/** Where a person works on the slot (an inventory lives on Step Four's page). */
const pageOf = (slot: Slot) => stepPath(slot.kind === 'step' ? slot.stepNumber : 4);

/**
 * Profile's "Earlier writing": writing the active key cannot open, with the unlock, and what was kept aside
 * by "start over", a clear or a restore. Shows nothing when there is none of these.
 */
export function EarlierWritingSection({
  headingLevel,
  className,
}: {
  headingLevel: HeadingLevel;
  className?: string;
}) {
  const scan = useEarlierWritingScan();
  const earlierKeys = useEarlierKeys();
  const tools = useKeptAsideTools();
  const [unlocking, setUnlocking] = useState(false);

  if (scan.isPending || earlierKeys.isPending) {
    // Nothing to show until the key is in this browser; a check under way is announced quietly.
    if (scan.fetchStatus === 'idle') return null;
    return (
      <div className={className}>
        <Spinner size="small" message="Checking for earlier writing..." />
      </div>
    );
  }
  if (scan.isError) {
    return (
      <div className={className}>
        <Message tone="warning">
          SAM could not check for earlier writing just now. Please try again later.
        </Message>
      </div>
    );
  }
  const { locked, keptAside } = scan.data;
  const lockedAside = keptAside.some((entry) => !entry.readable);
  const keptTools = tools.data ?? [];
  if (locked.length === 0 && keptAside.length === 0 && keptTools.length === 0) return null;
  const hasEarlierKey = (earlierKeys.data?.length ?? 0) > 0 || earlierKeys.isError;
  const names = listOf(locked.map(slotName));

  return (
    <section className={className}>
      <SectionHeading level={headingLevel}>Earlier writing</SectionHeading>
      {locked.length > 0 && hasEarlierKey ? (
        <p className={styles.note}>
          Some of your writing is locked with an earlier key: {names}. This happens after a password reset,
          when SAM makes a new key. Nothing is lost: your old password, or the recovery code you saved before
          the reset, can unlock it.
        </p>
      ) : null}
      {locked.length > 0 && !hasEarlierKey ? (
        <p className={styles.note}>
          SAM cannot read some of your saved writing: {names}. It is not locked by an earlier key, so the
          saved copy looks damaged. You can start it over on its page:{' '}
          {locked.map((slot, i) => (
            <span key={slotName(slot)}>
              {i > 0 ? ', ' : ''}
              <Link to={pageOf(slot)}>{slotName(slot)}</Link>
            </span>
          ))}
          .
        </p>
      ) : null}
      {locked.length === 0 && lockedAside && hasEarlierKey ? (
        <p className={styles.note}>Some writing you kept aside is still locked with an earlier key.</p>
      ) : null}
      {hasEarlierKey && (locked.length > 0 || lockedAside) ? (
        <div className={`${styles.actions} ${styles.spaced}`}>
          <Button onClick={() => setUnlocking(true)}>Unlock with my old password or recovery code</Button>
        </div>
      ) : null}
      {keptAside.length > 0 ? (
        <>
          <p className={styles.note}>
            Writing you kept aside when you started something over, cleared your data or restored a backup. It
            stays here until you delete it.
          </p>
          <KeptAsideList entries={keptAside} hasEarlierKey={hasEarlierKey} />
        </>
      ) : null}
      {keptTools.length > 0 ? <KeptAsideToolsList items={keptTools} /> : null}
      {unlocking ? <UnlockEarlierDialog onClose={() => setUnlocking(false)} /> : null}
    </section>
  );
}
