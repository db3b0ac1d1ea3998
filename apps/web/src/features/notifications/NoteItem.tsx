import type { Notification, SponsorshipRole } from '@sam/core';
import { Link } from 'react-router';
import { noteHref, noteTimeText } from './noteLinks.ts';
import styles from './notifications.module.css';

type Props = {
  note: Notification;
  text: string;
  roleIn: (relationshipId: string) => SponsorshipRole | null;
  /** Unread when the page showed it. */
  fresh: boolean;
};

/** One note: its sentence as a link to where it happened, and when it came. */
export function NoteItem({ note, text, roleIn, fresh }: Props) {
  const local = new Date(note.createdAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li className={fresh ? `${styles.item} ${styles.fresh}` : styles.item}>
      {fresh ? <span className={styles.newTag}>New</span> : null}
      <Link to={noteHref(note, roleIn)} className={styles.text}>
        {text}
      </Link>
      <time className={styles.time} dateTime={note.createdAt} title={local}>
        {noteTimeText(note.createdAt, Date.now())}
      </time>
    </li>
  );
}
