import {
  buildQuestionAnswers,
  FIELD_LIMITS,
  PRAYER_ROWS,
  type QuestionAnswers,
  STEP_MESSAGES,
  STEP3_SAVED_FLASH_MS,
} from '@sam/core';
import { useId } from 'react';
import { Button } from '../../ui/Button.tsx';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { QuestionHelpButton } from './ContentButtons.tsx';
import { questionHelpTag, stepContentFile } from './content.ts';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';
import { useFlash } from './useFlash.ts';

/** The texts typed per question id. */
function textsOf(answers: QuestionAnswers | undefined): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [id, a] of Object.entries(answers ?? {})) if (a) texts[id] = a.answer;
  return texts;
}

/** Step 2's and step 3's written questions with their help and Save answers. */
export function QuestionsSection({ step, draft, update, saveNow, statusFor }: StepToolsProps) {
  const set = step.questions;
  const baseId = useId();
  const [flash, showFlash] = useFlash();
  if (!set) return null;
  const answers = draft.data[set.field] as QuestionAnswers | undefined;
  const file = stepContentFile(step.number);
  const anyRequired = set.items.some((q) => q.required);

  const change = (id: string, key: string, answer: string) =>
    update('questions', (d) => ({
      ...d,
      data: {
        ...d.data,
        [set.field]: { ...((d.data[set.field] as QuestionAnswers | undefined) ?? {}), [id]: { key, answer } },
      },
    }));

  const save = async () => {
    const ok = await saveNow('questions', (d) => ({
      ...d,
      data: {
        ...d.data,
        [set.field]: buildQuestionAnswers(set, textsOf(d.data[set.field] as QuestionAnswers | undefined)),
      },
    }));
    if (ok) showFlash(STEP3_SAVED_FLASH_MS);
  };

  return (
    <div className={styles.questions}>
      {set.items.map((q, index) => {
        const id = `${baseId}-${q.id}`;
        return (
          <div key={q.id} className={styles.question}>
            <div className={styles.questionHead}>
              <label htmlFor={id} className={styles.questionLabel}>
                {index + 1}. {q.prompt}
                {anyRequired && !q.required ? <span className={styles.muted}> (optional)</span> : null}
              </label>
              <QuestionHelpButton
                file={file}
                tag={questionHelpTag(step.number, q.id)}
                question={`question ${index + 1}`}
                title={`Question ${index + 1}`}
              />
            </div>
            <LimitedTextarea
              id={id}
              className={styles.textarea}
              rows={set.rows}
              limit={FIELD_LIMITS.stepAnswer}
              value={answers?.[q.id]?.answer ?? ''}
              onChange={(e) => change(q.id, q.key, e.target.value)}
            />
          </div>
        );
      })}
      <div className={styles.saveRow}>
        <Button onClick={() => void save()}>Save answers</Button>
        <span role="status" className={styles.flash}>
          {flash ? STEP_MESSAGES.answersSaved : ''}
        </span>
      </div>
      {statusFor('questions')}
    </div>
  );
}

/** Step 3: the Third Step Prayer in the user's own words (8 rows) with Save Prayer. */
export function PrayerSection({ draft, update, saveNow, statusFor }: StepToolsProps) {
  const id = useId();
  const [flash, showFlash] = useFlash();
  const save = async () => {
    if (await saveNow('prayer')) showFlash(2000);
  };
  return (
    <div className={styles.question}>
      <label htmlFor={id} className={styles.questionLabel}>
        My Third Step Prayer, in my own words
      </label>
      <LimitedTextarea
        id={id}
        className={styles.textarea}
        rows={PRAYER_ROWS}
        limit={FIELD_LIMITS.prayer}
        value={draft.data.prayer_text ?? ''}
        onChange={(e) => {
          const text = e.target.value;
          update('prayer', (d) => ({ ...d, data: { ...d.data, prayer_text: text } }));
        }}
      />
      <div className={styles.saveRow}>
        <Button onClick={() => void save()}>{STEP_MESSAGES.savePrayer}</Button>
        <span role="status" className={styles.flash}>
          {flash ? STEP_MESSAGES.prayerSaved : ''}
        </span>
      </div>
      {statusFor('prayer')}
    </div>
  );
}
