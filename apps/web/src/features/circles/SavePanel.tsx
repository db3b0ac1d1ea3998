import { describeCirclesChange, FIELD_LIMITS } from '@sam/core';
import { useId } from 'react';
import { Button } from '../../ui/Button.tsx';
import controls from '../../ui/controls.module.css';
import fieldStyles from '../../ui/fields.module.css';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import styles from './circles.module.css';
import { CIRCLES_WORDING as W } from './wording.ts';
import { type CirclesWork, workChange, workChangesCircles } from './workState.ts';

type SavePanelProps = {
  work: CirclesWork;
  onReason(reason: string): void;
  onSave(): void;
  onDiscard(): void;
  saving: boolean;
  problem: React.ReactNode;
};

/** What changed so far, why (optional), and Save changes / Discard changes. */
export function SavePanel({ work, onReason, onSave, onDiscard, saving, problem }: SavePanelProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className={styles.savePanel}>
      <h2 id={`${id}-heading`}>{W.unsavedHeading}</h2>
      <p>{describeCirclesChange(workChange(work))}</p>
      <label htmlFor={`${id}-reason`} className={fieldStyles.label}>
        {W.reasonLabel}
      </label>
      <LimitedTextarea
        id={`${id}-reason`}
        className={controls.textarea}
        value={work.reason}
        limit={FIELD_LIMITS.circleReason}
        onChange={(e) => onReason(e.target.value)}
      />
      {problem}
      <div className={styles.saveButtons}>
        <Button onClick={onSave} busy={saving} busyLabel="Saving..." disabled={!workChangesCircles(work)}>
          {W.save}
        </Button>
        <Button variant="secondary" onClick={onDiscard} disabled={saving}>
          {W.discard}
        </Button>
      </div>
    </section>
  );
}
