import { notificationText } from '@sam/core';
import { useEffect, useRef, useState } from 'react';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt, useSession } from '../auth/index.ts';
import { useRelationships } from '../sponsorship/index.ts';
import { useMarkNotesRead, useNotes } from './api.ts';
import { NoteItem } from './NoteItem.tsx';
import styles from './notifications.module.css';

/** Keeps which notes were unread when shown, so they stay marked new after they are marked read. */
function useMarkReadOnSight() {
  const notes = useNotes();
  const markRead = useMarkNotesRead();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  // Asked once per set of unread notes, so a failing request is not repeated in a loop.
  const asked = useRef('');
  const unreadIds = (notes.data?.notifications ?? [])
    .filter((n) => !n.read)
    .map((n) => n.id)
    .join(' ');

  useEffect(() => {
    if (!unreadIds || unreadIds === asked.current) return;
    asked.current = unreadIds;
    setFresh((seen) => new Set([...seen, ...unreadIds.split(' ')]));
    markRead.mutate();
  }, [unreadIds, markRead.mutate]);

  return { notes, fresh };
}

function NoteList() {
  const { notes, fresh } = useMarkReadOnSight();
  const relationships = useRelationships(true);
  const roleIn = (id: string) =>
    relationships.data?.find((r) => r.relationshipId === id && r.status === 'active')?.role ?? null;

  if (notes.isPending) return <Spinner message="Loading your notes..." />;
  if (notes.isError)
    return <Message tone="danger">Could not load your notes. Please try again later.</Message>;
  if (notes.data.notifications.length === 0) {
    return (
      <p className={styles.empty}>
        No notes yet. When your sponsor or a sponsee answers, comments or shares something, it shows here.
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {notes.data.notifications.map((note) => (
        <NoteItem
          key={note.id}
          text={notificationText(note.kind, note.otherName, note.itemKey)}
          note={note}
          roleIn={roleIn}
          fresh={fresh.has(note.id)}
        />
      ))}
    </ul>
  );
}

/** /notes: what happened between the reader and their sponsor or sponsees; opening it marks all read. */
export function NotesPage() {
  const { user } = useSession();
  return (
    <Page title="Notes" intro="What happened between you and your sponsor or sponsees, newest first.">
      {user ? <NoteList /> : <LoginPrompt>Sign in to see your notes.</LoginPrompt>}
    </Page>
  );
}
