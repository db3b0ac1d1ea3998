import { useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { Slot } from './places.ts';
import styles from './recovery.module.css';
import { UnlockEarlierDialog } from './UnlockEarlierDialog.tsx';
import { useEarlierKeys, useStartOver } from './useEarlierWriting.ts';

type Props = { item: Slot };

/**
 * In place of a step or an inventory the active key cannot open: what happened, in plain words, with the
 * way to unlock it and the way to start over without losing it.
 */
export function LockedWritingPanel({ item }: Props) {
  const dialogs = useDialogs();
  const earlierKeys = useEarlierKeys();
  const startOver = useStartOver(item);
  const [unlocking, setUnlocking] = useState(false);
  const headingId = `locked-writing-${item.kind === 'step' ? item.stepNumber : item.type}`;
  // Under the step page's title (h1), or under the inventory tab's own heading (h3).
  const Heading = item.kind === 'step' ? 'h2' : 'h4';
  const here = item.kind === 'step' ? 'this step' : 'this inventory';
  const startLabel = item.kind === 'step' ? 'Start this step over' : 'Start this inventory over';

  if (earlierKeys.isPending) return <Spinner message="Checking your saved writing..." />;
  // Without any earlier key the writing cannot be locked by one: the saved copy is damaged.
  const damaged = earlierKeys.isSuccess && earlierKeys.data.length === 0;

  const confirmStartOver = async () => {
    const yes = await dialogs.confirm({
      title: `${startLabel}?`,
      variant: 'warning',
      message: (
        <>
          <p>
            {item.kind === 'step'
              ? 'You get an empty page for this step to write on. The actions you ticked and your dates stay as they are.'
              : 'You get an empty inventory to write in.'}
          </p>
          <p>
            {damaged
              ? 'The damaged copy is kept aside until you delete it, under Profile, Earlier writing.'
              : 'Your earlier writing is kept aside, still locked, until you delete it. You can unlock it later from Profile, under Earlier writing, to read it or put it back.'}
          </p>
        </>
      ),
      confirmText: 'Start over',
      cancelText: 'Go back',
    });
    if (yes) startOver.mutate();
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.panelTitle}>
        {damaged ? 'SAM cannot read what was saved here' : 'Your earlier writing here is locked'}
      </Heading>
      {damaged ? (
        <>
          <p>
            The writing saved for {here} could not be opened. It is not locked by an earlier key (your account
            has none), so the saved copy looks damaged.
          </p>
          <p>You can start {here} over. Nothing is deleted unless you delete it yourself.</p>
        </>
      ) : (
        <>
          <p>
            Your password was reset, and SAM made a new key to lock your writing. What you wrote here before
            the reset is locked with your earlier key, so this browser cannot open it with the new one.
          </p>
          <p>
            Nothing is lost: SAM keeps it, locked. Your old password, or the recovery code you saved before
            the reset, can unlock it.
          </p>
        </>
      )}
      {startOver.isError ? (
        <Message tone="danger">
          {errorMessage(startOver.error, `SAM could not start ${here} over. Please try again.`)}
        </Message>
      ) : null}
      <div className={styles.actions}>
        {damaged ? null : (
          <Button onClick={() => setUnlocking(true)} disabled={startOver.isPending}>
            Unlock with my old password or recovery code
          </Button>
        )}
        <Button
          variant={damaged ? 'primary' : 'secondary'}
          onClick={() => void confirmStartOver()}
          busy={startOver.isPending}
          busyLabel="Starting over..."
        >
          {startLabel}
        </Button>
      </div>
      {unlocking ? <UnlockEarlierDialog onClose={() => setUnlocking(false)} /> : null}
    </section>
  );
}
