import { formatDisplayDate, SPACE_COMMENT_MAX_LENGTH, type SpaceItemKey } from '@sam/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { Message } from '../../ui/Message.tsx';
import type { ViewComment } from './spaceView.ts';
import styles from './sponsorSpace.module.css';
import { SPACE_WORDING } from './wording.ts';

type Props = {
  itemKey: SpaceItemKey;
  itemLabel: string;
  comments: readonly ViewComment[];
  /** Who wrote what, as this reader sees it. */
  names: { sponsor: string; sponsee: string };
  /** Sends a note; without it (sharing waits for the safety code) the thread is read-only. */
  send?: (text: string, about: string | null) => Promise<void>;
  /** The part of the item the next note is about (chosen from the item), and how to let it go. */
  about?: string | null;
  onClearAbout?(): void;
};

/** One item's notes, oldest first, and a box to write the next one. */
export function CommentThread({
  itemKey,
  itemLabel,
  comments,
  names,
  send,
  about = null,
  onClearAbout,
}: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const mine = comments.filter((c) => c.itemKey === itemKey);

  // Choosing what a note is about takes the writer to the note box.
  useEffect(() => {
    if (about) document.getElementById(`${id}-reply`)?.focus();
  }, [about, id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || busy || !send) return;
    setBusy(true);
    setStatus(null);
    try {
      await send(text.trim(), about);
      setText('');
      onClearAbout?.();
      setStatus({ tone: 'success', text: SPACE_WORDING.sent });
    } catch {
      setStatus({ tone: 'danger', text: SPACE_WORDING.sendFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={`Notes on ${itemLabel}`} className={styles.stack}>
      <h4 className={styles.itemTitle}>{SPACE_WORDING.commentsHeading}</h4>
      {mine.length === 0 ? (
        <p className={styles.meta}>{SPACE_WORDING.noComments}</p>
      ) : (
        <ol className={styles.thread}>
          {mine.map((c) => (
            <li key={c.id} className={styles.comment}>
              <p className={styles.meta}>
                {names[c.author]} · {formatDisplayDate(c.createdAt)}
              </p>
              {c.about ? <p className={styles.about}>{SPACE_WORDING.about(c.about)}</p> : null}
              <p className={styles.commentText}>{c.text ?? SPACE_WORDING.unreadableComment}</p>
            </li>
          ))}
        </ol>
      )}
      {send ? null : <p className={styles.meta}>{SPACE_WORDING.notesPaused}</p>}
      {send ? (
        <form className={styles.replyForm} onSubmit={submit}>
          {about ? (
            <div className={styles.aboutChoice}>
              <p id={`${id}-about`} className={styles.about}>
                {SPACE_WORDING.about(about)}
              </p>
              {onClearAbout ? (
                <Button size="sm" variant="ghost" onClick={onClearAbout}>
                  {SPACE_WORDING.aboutWholeItem}
                </Button>
              ) : null}
            </div>
          ) : null}
          <label htmlFor={`${id}-reply`}>{SPACE_WORDING.replyLabel}</label>
          <LimitedTextarea
            id={`${id}-reply`}
            value={text}
            aria-describedby={about ? `${id}-about` : undefined}
            limit={SPACE_COMMENT_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" size="sm" disabled={busy || !text.trim()}>
              {SPACE_WORDING.send}
            </Button>
          </div>
          {status ? <Message tone={status.tone}>{status.text}</Message> : null}
        </form>
      ) : null}
    </section>
  );
}
