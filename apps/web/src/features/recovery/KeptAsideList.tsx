import { useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { formatDateOnFirstUse } from '../../ui/dateFormat.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { slotName } from './places.ts';
import styles from './recovery.module.css';
import type { KeptAsideEntry } from './scanEarlierWriting.ts';
import { useDeleteKeptAside, usePutBack } from './useEarlierWriting.ts';
import { ViewKeptAsideDialog } from './ViewKeptAsideDialog.tsx';

const formatWhen = formatDateOnFirstUse({ dateStyle: 'medium', timeStyle: 'short' });

/** 'Step Three', 'Resentments inventory'. */
function titleOf(entry: KeptAsideEntry): string {
  if (!entry.slot) return 'Writing from another program';
  const name = slotName(entry.slot);
  return name.startsWith('your ') ? `${name.charAt(5).toUpperCase()}${name.slice(6)}` : name;
}

/** Earlier writing kept aside, each with View, Put back and Delete. */
export function KeptAsideList({
  entries,
  hasEarlierKey,
}: {
  entries: KeptAsideEntry[];
  /** Without one, writing the active key cannot open is damaged, not locked. */
  hasEarlierKey: boolean;
}) {
  const dialogs = useDialogs();
  const putBack = usePutBack();
  const remove = useDeleteKeptAside();
  const [viewing, setViewing] = useState<KeptAsideEntry | null>(null);
  const busy = putBack.isPending || remove.isPending;
  const failed = putBack.error ?? remove.error;

  const confirmPutBack = async (entry: KeptAsideEntry, title: string) => {
    const yes = await dialogs.confirm({
      title: 'Put this earlier writing back?',
      variant: 'warning',
      message: (
        <>
          <p>This earlier writing goes back into {title}.</p>
          <p>
            If {title} holds writing now, that writing is kept aside here in its place, so nothing is lost.
          </p>
        </>
      ),
      confirmText: 'Put back',
      cancelText: 'Cancel',
    });
    if (yes) putBack.mutate(entry.item.id);
  };

  const confirmDelete = async (entry: KeptAsideEntry, title: string, date: string) => {
    const yes = await dialogs.confirm({
      title: 'Delete this earlier writing?',
      variant: 'danger',
      message: `The earlier writing of ${title} that you kept aside on ${date} will be deleted for good. Nobody can bring it back, not you and not SAM.`,
      confirmText: 'Delete',
      cancelText: 'Keep it',
    });
    if (yes) remove.mutate(entry.item.id);
  };

  return (
    <>
      {failed ? (
        <Message tone="danger">
          {errorMessage(failed, 'SAM could not change your earlier writing just now. Please try again.')}
        </Message>
      ) : null}
      <ul className={styles.list} aria-label="Earlier writing kept aside">
        {entries.map((entry) => {
          const title = titleOf(entry);
          const date = formatWhen(new Date(entry.item.created_at));
          const about = `${title}, kept aside on ${date}`;
          const entries =
            entry.item.kind === 'inventory'
              ? ` · ${entry.item.entry_count} ${entry.item.entry_count === 1 ? 'entry' : 'entries'}`
              : '';
          return (
            <li key={entry.item.id} className={styles.item}>
              <p className={styles.itemTitle}>{title}</p>
              <p className={styles.itemMeta}>
                Kept aside on {date}
                {entries}
                {entry.readable
                  ? ''
                  : hasEarlierKey
                    ? ' · Locked with an earlier key'
                    : ' · Damaged: SAM cannot read it'}
              </p>
              <div className={styles.itemActions}>
                {entry.readable ? (
                  <Button variant="secondary" aria-label={`View ${about}`} onClick={() => setViewing(entry)}>
                    View
                  </Button>
                ) : null}
                {entry.readable && entry.slot ? (
                  <Button
                    variant="secondary"
                    aria-label={`Put back ${about}`}
                    disabled={busy}
                    onClick={() => void confirmPutBack(entry, title)}
                  >
                    Put back
                  </Button>
                ) : null}
                <Button
                  variant="danger"
                  aria-label={`Delete ${about}`}
                  disabled={busy}
                  onClick={() => void confirmDelete(entry, title, date)}
                >
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {viewing ? (
        <ViewKeptAsideDialog
          entry={viewing}
          title={`${titleOf(viewing)}: earlier writing`}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </>
  );
}
