import { type SharedItemContent, type SpaceItemKey, spaceItemLabel } from '@sam/core';
import { useId, useState } from 'react';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useDataCipher } from '../auth/index.ts';
import { CommentThread } from './CommentThread.tsx';
import { loadItemContent } from './itemContent.ts';
import { SharedItemView } from './SharedItemView.tsx';
import { canShare } from './spaceSession.ts';
import type { SpaceView } from './spaceView.ts';
import styles from './sponsorSpace.module.css';
import type { useSpaceView } from './useSpaceView.ts';
import { SPACE_WORDING } from './wording.ts';

type Props = {
  itemKey: SpaceItemKey;
  view: SpaceView;
  actions: ReturnType<typeof useSpaceView>['actions'];
  onAnnounce(text: string): void;
};

/** One item on the sponsee's side: the switch, what the sponsor will see, and once shared its notes. */
export function SharedItemSwitch({ itemKey, view, actions, onAnnounce }: Props) {
  const id = useId();
  const label = spaceItemLabel(itemKey);
  const item = view.reply.items.find((i) => i.itemKey === itemKey);
  const shared = item !== undefined;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const partner = view.reply.partner.displayName;

  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (shared) await actions.stopSharing(itemKey);
      else await actions.share(itemKey);
      onAnnounce(shared ? SPACE_WORDING.stopped(label) : SPACE_WORDING.shared(label));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={styles.item} aria-labelledby={`${id}-title`}>
      <div className={styles.itemHeader}>
        <h3 id={`${id}-title`} className={styles.itemTitle}>
          {label}
        </h3>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={shared}
            checked={shared}
            disabled={busy || (!shared && !canShare(view))}
            onChange={toggle}
            aria-label={`Share with ${partner}: ${label}`}
            aria-describedby={`${id}-state`}
          />
          Share with {partner}
        </label>
      </div>
      <p id={`${id}-state`} className={styles.meta}>
        {item
          ? [
              'Shared',
              SPACE_WORDING.updated(item.updatedAt),
              item.reviewedAt ? SPACE_WORDING.reviewed(partner, item.reviewedAt) : '',
            ]
              .filter(Boolean)
              .join(' · ')
          : 'Not shared'}
      </p>
      {failed ? <Message tone="danger">{SPACE_WORDING.shareFailed}</Message> : null}
      <Preview itemKey={itemKey} />
      {shared ? (
        <CommentThread
          itemKey={itemKey}
          itemLabel={label}
          comments={view.comments}
          names={{ sponsor: partner, sponsee: 'You' }}
          send={canShare(view) ? (text) => actions.comment(itemKey, text) : undefined}
        />
      ) : null}
    </article>
  );
}

/** What the sponsor will see, read from what is saved now, when the person opens it. */
function Preview({ itemKey }: { itemKey: SpaceItemKey }) {
  const { cipher } = useDataCipher();
  const [state, setState] = useState<'closed' | 'loading' | 'failed' | SharedItemContent>('closed');
  const open = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || !cipher || (state !== 'closed' && state !== 'failed')) return;
    setState('loading');
    loadItemContent(cipher, itemKey).then(setState, () => setState('failed'));
  };
  return (
    <details onToggle={open}>
      <summary>{SPACE_WORDING.previewSummary}</summary>
      {state === 'loading' ? <Spinner message="Reading what you saved..." /> : null}
      {state === 'failed' ? (
        <Message tone="danger">Could not read what you saved. Please try again.</Message>
      ) : null}
      {typeof state === 'object' ? (
        <div className={styles.stack}>
          {state.status ? <p className={styles.meta}>{state.status}</p> : null}
          <SharedItemView content={state} />
        </div>
      ) : null}
    </details>
  );
}
