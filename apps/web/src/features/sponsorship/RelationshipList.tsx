import {
  formatDisplayDate,
  otherPersonRoleText,
  type Relationship,
  sponsorshipProgramLabel,
} from '@sam/core';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { EndedRelationships } from './EndedRelationships.tsx';
import { EndRelationshipDialog } from './EndRelationshipDialog.tsx';
import styles from './sponsorship.module.css';

/** The reader's active relationships (who the other person is to them, and a way to end it), then those ended lately. */
export function RelationshipList({ relationships }: { relationships: Relationship[] }) {
  const id = useId();
  const [ending, setEnding] = useState<Relationship | null>(null);
  const active = relationships.filter((r) => r.status === 'active');
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id}>Your sponsorship relationships</h3>
      {active.length === 0 ? (
        <p className={styles.empty}>You have no active sponsor or sponsee yet.</p>
      ) : (
        <ul className={styles.list}>
          {active.map((relationship) => (
            <li key={relationship.relationshipId} className={styles.item}>
              <p className={styles.itemTitle}>
                {relationship.otherDisplayName}: {otherPersonRoleText(relationship.role)}
              </p>
              <p className={styles.itemMeta}>
                {sponsorshipProgramLabel(relationship.program)} · since{' '}
                {formatDisplayDate(relationship.startedAt)}
              </p>
              <div className={styles.itemActions}>
                <Button
                  variant="danger"
                  onClick={() => setEnding(relationship)}
                  aria-label={`End the relationship with ${relationship.otherDisplayName} (${otherPersonRoleText(relationship.role)})`}
                >
                  End
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <EndedRelationships />
      {ending ? <EndRelationshipDialog relationship={ending} onClose={() => setEnding(null)} /> : null}
    </section>
  );
}
