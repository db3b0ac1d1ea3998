import {
  closedRecently,
  endedOnText,
  formerPersonRoleText,
  type Relationship,
  sponsorshipProgramLabel,
} from '@sam/core';
import { useId } from 'react';
import { useEndedRelationships } from './api.ts';
import styles from './sponsorship.module.css';

const latestEndFirst = (a: Relationship, b: Relationship) => (b.endedAt ?? '').localeCompare(a.endedAt ?? '');

/** Relationships ended in the last days: when, by whom, and the reason given, so neither is left guessing. */
export function EndedRelationships() {
  const id = useId();
  const ended = useEndedRelationships(true);
  const recent = (ended.data ?? [])
    .filter((r) => r.status === 'ended' && closedRecently(r.endedAt, Date.now()))
    .sort(latestEndFirst);
  if (recent.length === 0) return null;
  return (
    <>
      <h4 id={id} className={styles.subheading}>
        Ended
      </h4>
      <ul className={styles.list} aria-labelledby={id}>
        {recent.map((relationship) => (
          <li key={relationship.relationshipId} className={styles.item}>
            <p className={styles.itemTitle}>
              {relationship.otherDisplayName}: {formerPersonRoleText(relationship.role)}
            </p>
            <p className={styles.itemMeta}>
              {sponsorshipProgramLabel(relationship.program)} · {endedOnText(relationship)}
            </p>
            {relationship.endReason ? (
              <p className={styles.itemMeta}>Reason: {relationship.endReason}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
