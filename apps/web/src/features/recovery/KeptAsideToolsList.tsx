import type { KeptAsideToolsItem } from '@sam/core';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { formatDateOnFirstUse } from '../../ui/dateFormat.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import styles from './recovery.module.css';
import { useDeleteKeptAsideTools, usePutBackTools } from './useEarlierWriting.ts';

const formatWhen = formatDateOnFirstUse({ dateStyle: 'medium', timeStyle: 'short' });
const TITLE = 'Circles, abstinence dates and check-ins';

const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a copy holds, e.g. '2 circles versions · abstinence dates · 300 check-ins'. */
export function toolsHeld(item: KeptAsideToolsItem): string {
  const parts: string[] = [];
  if (item.circleVersions !== null)
    parts.push(counted(item.circleVersions, 'circles version', 'circles versions'));
  if (item.abstinence !== null) parts.push(item.abstinence ? 'abstinence dates' : 'no abstinence dates');
  if (item.checkIns !== null) parts.push(counted(item.checkIns, 'check-in', 'check-ins'));
  return parts.join(' · ');
}

/** The circles, abstinence dates and check-ins a clear or a restore kept aside, each with Put back and Delete. */
export function KeptAsideToolsList({ items }: { items: KeptAsideToolsItem[] }) {
  const dialogs = useDialogs();
  const putBack = usePutBackTools();
  const remove = useDeleteKeptAsideTools();
  const busy = putBack.isPending || remove.isPending;
  const failed = putBack.error ?? remove.error;

  const confirmPutBack = async (item: KeptAsideToolsItem) => {
    const yes = await dialogs.confirm({
      title: 'Put these back?',
      variant: 'warning',
      message: (
        <>
          <p>These go back in place of what you have now: {toolsHeld(item)}.</p>
          <p>What you have now is kept aside here in their place, so nothing is lost.</p>
        </>
      ),
      confirmText: 'Put back',
      cancelText: 'Cancel',
    });
    if (yes) putBack.mutate(item.id);
  };

  const confirmDelete = async (item: KeptAsideToolsItem, date: string) => {
    const yes = await dialogs.confirm({
      title: 'Delete these for good?',
      variant: 'danger',
      message: `The circles, abstinence dates and check-ins kept aside on ${date} will be deleted for good. Nobody can bring them back, not you and not SAM.`,
      confirmText: 'Delete',
      cancelText: 'Keep them',
    });
    if (yes) remove.mutate(item.id);
  };

  return (
    <>
      {failed ? (
        <Message tone="danger">
          {errorMessage(failed, 'SAM could not change your earlier writing just now. Please try again.')}
        </Message>
      ) : null}
      <ul className={styles.list} aria-label="Circles, abstinence dates and check-ins kept aside">
        {items.map((item) => {
          const date = formatWhen(new Date(item.created_at));
          const about = `${TITLE}, kept aside on ${date}`;
          return (
            <li key={item.id} className={styles.item}>
              <p className={styles.itemTitle}>{TITLE}</p>
              <p className={styles.itemMeta}>
                Kept aside on {date} · {toolsHeld(item)}
              </p>
              <div className={styles.itemActions}>
                <Button
                  variant="secondary"
                  aria-label={`Put back ${about}`}
                  disabled={busy}
                  onClick={() => void confirmPutBack(item)}
                >
                  Put back
                </Button>
                <Button
                  variant="danger"
                  aria-label={`Delete ${about}`}
                  disabled={busy}
                  onClick={() => void confirmDelete(item, date)}
                >
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
