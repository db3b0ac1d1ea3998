import {
  canSaveDefects,
  cleanDefects,
  DEFECTS_SAVED_FLASH_MS,
  defectInputs,
  defectsSaveError,
  FIELD_LIMITS,
  nextDefectInputIndex,
  STEP_MESSAGES,
  updateDefectInput,
} from '@sam/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Message } from '../../ui/Message.tsx';
import { ContentButton } from './ContentButtons.tsx';
import { DEFECTS_EXAMPLES_FILE } from './content.ts';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';
import { useFlash } from './useFlash.ts';

/** Step 5 action 3: shared with sponsor, and the character defects list. */
export function Step5Section({ draft, update, saveNow, statusFor }: StepToolsProps) {
  const baseId = useId();
  const inputs = defectInputs(draft.data.characterDefects);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const saveRef = useRef<HTMLButtonElement>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();

  const change = (index: number, text: string) =>
    update('step5', (d) => ({
      ...d,
      data: {
        ...d.data,
        characterDefects: updateDefectInput(defectInputs(d.data.characterDefects), index, text),
      },
    }));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const next = nextDefectInputIndex(index, defectInputs(draft.data.characterDefects).length);
    if (next === null) saveRef.current?.focus();
    else refs.current[next]?.focus();
  };

  const save = async () => {
    const invalid = defectsSaveError(draft.data.characterDefects);
    setProblem(invalid);
    if (invalid) return;
    setSaving(true);
    const ok = await saveNow('step5', (d) => ({
      ...d,
      data: { ...d.data, characterDefects: cleanDefects(d.data.characterDefects) },
    }));
    setSaving(false);
    if (ok) showFlash(DEFECTS_SAVED_FLASH_MS);
  };

  return (
    <div className={styles.subsection}>
      <CheckboxField
        label="I have shared my Step Four inventories with my sponsor"
        checked={draft.data.sharedWithSponsor === true}
        onCheckedChange={(v) =>
          void saveNow('step5', (d) => ({ ...d, data: { ...d.data, sharedWithSponsor: v } }))
        }
      />
      <fieldset className={styles.defects}>
        <legend className={styles.subheading}>My character defects</legend>
        <p className={styles.smallNote}>Up to 9. Press Enter to move to the next line. </p>
        <ContentButton
          file={DEFECTS_EXAMPLES_FILE}
          tag="examples"
          label="See examples of character defects"
        />
        <ol className={styles.defectList}>
          {inputs.map((value, index) => {
            const id = `${baseId}-defect-${index}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are positions in a list
              <li key={index} className={styles.defectItem}>
                <label htmlFor={id} className={styles.visuallyHidden}>
                  Character defect {index + 1}
                </label>
                <input
                  id={id}
                  ref={(el) => {
                    refs.current[index] = el;
                  }}
                  className={styles.input}
                  value={value}
                  maxLength={FIELD_LIMITS.defectName}
                  enterKeyHint={index + 1 < inputs.length ? 'next' : 'done'}
                  onChange={(e) => change(index, e.target.value)}
                  onKeyDown={(e) => onKeyDown(e, index)}
                />
              </li>
            );
          })}
        </ol>
        {problem ? <Message tone="danger">{problem}</Message> : null}
        {!problem && cleanDefects(draft.data.characterDefects).length === 0 ? (
          <p className={styles.smallNote}>{STEP_MESSAGES.noDefectsToSave}</p>
        ) : null}
        <div className={styles.saveRow}>
          <Button
            ref={saveRef}
            disabled={!canSaveDefects(draft.data.characterDefects, saving)}
            busy={saving}
            busyLabel={STEP_MESSAGES.saving}
            onClick={() => void save()}
          >
            {STEP_MESSAGES.saveMyList}
          </Button>
          <span role="status" className={styles.flash}>
            {flash ? STEP_MESSAGES.defectsSaved : ''}
          </span>
        </div>
        {statusFor('step5')}
      </fieldset>
    </div>
  );
}
