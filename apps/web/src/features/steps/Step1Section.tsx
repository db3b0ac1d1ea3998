import { FIELD_LIMITS, STEP_FIELD_LABELS, STEP_MESSAGES } from '@sam/core';
import { useId } from 'react';
import { Button } from '../../ui/Button.tsx';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';
import { useFlash } from './useFlash.ts';

/** Step 1 action 3: the person's Step One, written here, kept as a draft and saved encrypted. */
export function Step1Section({ draft, update, saveNow, statusFor }: StepToolsProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [flash, showFlash] = useFlash();
  const save = async () => {
    if (await saveNow('step1')) showFlash(2000);
  };
  return (
    <div className={styles.question}>
      <label htmlFor={id} className={styles.questionLabel}>
        {STEP_FIELD_LABELS.stepOne}
      </label>
      <p id={hintId} className={styles.smallNote}>
        {STEP_MESSAGES.stepOneHint}
      </p>
      <LimitedTextarea
        id={id}
        className={styles.textarea}
        rows={12}
        limit={FIELD_LIMITS.stepOneWriting}
        aria-describedby={hintId}
        value={draft.data.step1_writing ?? ''}
        onChange={(e) => {
          const text = e.target.value;
          update('step1', (d) => ({ ...d, data: { ...d.data, step1_writing: text } }));
        }}
      />
      <div className={styles.saveRow}>
        <Button onClick={() => void save()}>{STEP_MESSAGES.saveStepOne}</Button>
        <span role="status" className={styles.flash}>
          {flash ? STEP_MESSAGES.stepOneSaved : ''}
        </span>
      </div>
      {statusFor('step1')}
    </div>
  );
}
