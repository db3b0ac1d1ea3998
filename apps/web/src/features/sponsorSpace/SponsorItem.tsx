import { formatDisplayDate, spaceItemLabel } from '@sam/core';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { CommentThread } from './CommentThread.tsx';
import { SharedItemView } from './SharedItemView.tsx';
import { canShare } from './spaceSession.ts';
import type { SpaceView, ViewItem } from './spaceView.ts';
import styles from './sponsorSpace.module.css';
import type { useSpaceView } from './useSpaceView.ts';
import { SPACE_WORDING } from './wording.ts';

type Props = { item: ViewItem; view: SpaceView; actions: ReturnType<typeof useSpaceView>['actions'] };

/** One shared item on the sponsor's side: closed until opened (which marks it read), then its content and notes. */
export function SponsorItem({ item, view, actions }: Props) {
  const id = useId();
  const label = spaceItemLabel(item.itemKey);
  const name = view.reply.partner.displayName;
  const [reviewing, setReviewing] = useState(false);
  const [reviewFailed, setReviewFailed] = useState(false);
  const [seen, setSeen] = useState(false);
  const [about, setAbout] = useState<string | null>(null);

  const opened = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || seen) return;
    setSeen(true);
    if (item.unread) void actions.markRead(item.itemKey).catch(() => undefined);
  };

  const review = async () => {
    setReviewing(true);
    setReviewFailed(false);
    try {
      await actions.review(item.itemKey);
    } catch {
      setReviewFailed(true);
    } finally {
      setReviewing(false);
    }
  };

  const title = item.content.ok ? item.content.content.title : label;
  return (
    <article className={styles.item} aria-labelledby={`${id}-title`}>
      <details onToggle={opened}>
        <summary>
          <span>
            <span id={`${id}-title`} className={styles.itemTitle}>
              {title}
            </span>
            {item.unread && !seen ? <span className={styles.unread}> · New</span> : null}
            <br />
            <span className={styles.meta}>
              {[
                item.content.ok ? item.content.content.status : '',
                SPACE_WORDING.updated(item.updatedAt),
                item.reviewedAt ? `Reviewed ${formatDisplayDate(item.reviewedAt)}` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </span>
        </summary>
        <div className={styles.stack}>
          {item.content.ok ? (
            <SharedItemView
              content={item.content.content}
              onNoteAbout={item.itemKey === 'three-circles' ? setAbout : undefined}
            />
          ) : (
            <Message tone="warning">{item.content.message}</Message>
          )}
          {item.itemKey === 'reach-out' ? null : (
            <div className={styles.actions}>
              {item.reviewedAt ? (
                <p className={styles.meta}>You marked this reviewed.</p>
              ) : (
                <Button size="sm" variant="secondary" onClick={review} disabled={reviewing}>
                  Mark reviewed
                </Button>
              )}
            </div>
          )}
          {reviewFailed ? (
            <Message tone="danger">Could not mark it reviewed. Please try again.</Message>
          ) : null}
          <CommentThread
            itemKey={item.itemKey}
            itemLabel={title}
            comments={view.comments}
            names={{ sponsor: 'You', sponsee: name }}
            send={canShare(view) ? (text, on) => actions.comment(item.itemKey, text, on) : undefined}
            about={about}
            onClearAbout={() => setAbout(null)}
          />
        </div>
      </details>
    </article>
  );
}
