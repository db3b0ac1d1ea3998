import {
  DEFECT_MAX_LENGTH,
  DEFECT_QUESTIONS,
  type DefectAnswer,
  type DefectAnswers,
  initialDefectAnswers,
  isBlank,
  MAX_STEP6_DEFECTS,
  STEP_MESSAGES,
} from '@sam/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { QuestionHelpButton } from './ContentButtons.tsx';
import { defectQuestionHelpTag, stepContentFile } from './content.ts';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';
import { useFlash } from './useFlash.ts';
import { useStepData } from './useProgress.ts';

const EMPTY: DefectAnswer = { hurts: '', helps: '', less: '' };
const FILE = stepContentFile(6);

function DefectQuestion({
  defect,
  questionKey,
  prompt,
  value,
  onChange,
}: {
  defect: string;
  questionKey: string;
  prompt: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.question}>
      <div className={styles.questionHead}>
        <label htmlFor={id} className={styles.questionLabel}>
          {prompt}
          <span className={styles.visuallyHidden}> ({defect})</span>
        </label>
        <QuestionHelpButton
          file={FILE}
          tag={defectQuestionHelpTag(questionKey)}
          question={`${prompt} (${defect})`}
          title={prompt}
        />
      </div>
      <textarea
        id={id}
        className={styles.textarea}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Step 6 action 3: three answers per defect, Remove, and the Answer Questions for modal (spec part 1 §4). */
export function Step6Section({ draft, update, persist, signedIn }: StepToolsProps) {
  const step5 = useStepData(5);
  const [adding, setAdding] = useState(false);
  const [flash, showFlash] = useFlash();
  const answers = draft.data.defectAnswers;

  // Until step 6 is first saved, its list starts from the step 5 defects.
  const step5Defects = step5.status === 'ready' ? step5.data.characterDefects : undefined;
  useEffect(() => {
    if (!signedIn || step5Defects === undefined) return;
    update((d) =>
      d.data.defectAnswers === undefined
        ? { ...d, data: { ...d.data, defectAnswers: initialDefectAnswers(step5Defects) } }
        : d,
    );
  }, [signedIn, step5Defects, update]);

  const setAnswer = (defect: string, key: keyof DefectAnswer, text: string) =>
    update((d) => {
      const all: DefectAnswers = { ...(d.data.defectAnswers ?? {}) };
      all[defect] = { ...(all[defect] ?? EMPTY), [key]: text };
      return { ...d, data: { ...d.data, defectAnswers: all } };
    });

  const remove = (defect: string) =>
    void persist((d) => {
      const all: DefectAnswers = { ...(d.data.defectAnswers ?? {}) };
      delete all[defect];
      return { ...d, data: { ...d.data, defectAnswers: all } };
    }, STEP_MESSAGES.saveFailed);

  const saveAll = async () => {
    const ok = await persist(
      (d) => ({ ...d, data: { ...d.data, defectAnswers: d.data.defectAnswers ?? {} } }),
      STEP_MESSAGES.answersSaveFailed,
    );
    if (ok) showFlash(2000);
  };

  const entries = Object.entries(answers ?? {});
  return (
    <div className={styles.subsection}>
      {entries.length === 0 ? (
        <p className={styles.smallNote}>
          No character defects yet. The defects you saved in Step Five appear here; you can also add one.
        </p>
      ) : null}
      {entries.map(([defect, answer]) => (
        <fieldset key={defect} className={styles.defectCard}>
          <legend className={styles.defectName}>{defect}</legend>
          {DEFECT_QUESTIONS.map((q) => (
            <DefectQuestion
              key={q.key}
              defect={defect}
              questionKey={q.key}
              prompt={q.prompt}
              value={answer[q.key]}
              onChange={(text) => setAnswer(defect, q.key, text)}
            />
          ))}
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${STEP_MESSAGES.remove} ${defect}`}
            onClick={() => remove(defect)}
          >
            {STEP_MESSAGES.remove}
          </Button>
        </fieldset>
      ))}
      <div className={styles.saveRow}>
        {entries.length > 0 ? <Button onClick={() => void saveAll()}>Save answers</Button> : null}
        <Button
          variant="secondary"
          disabled={entries.length >= MAX_STEP6_DEFECTS}
          onClick={() => setAdding(true)}
        >
          Add a character defect
        </Button>
        <span role="status" className={styles.flash}>
          {flash ? STEP_MESSAGES.answersSaved : ''}
        </span>
      </div>
      {adding ? (
        <AnswerQuestionsDialog
          existing={answers ?? {}}
          failedText={signedIn ? STEP_MESSAGES.answersSaveFailed : STEP_MESSAGES.notLoggedIn}
          onCancel={() => setAdding(false)}
          onSave={async (name, answer) => {
            const ok = await persist(
              (d) => ({
                ...d,
                data: { ...d.data, defectAnswers: { ...(d.data.defectAnswers ?? {}), [name]: answer } },
              }),
              STEP_MESSAGES.answersSaveFailed,
            );
            if (ok) setAdding(false);
            return ok;
          }}
        />
      ) : null}
    </div>
  );
}

function AnswerQuestionsDialog({
  existing,
  failedText,
  onCancel,
  onSave,
}: {
  existing: DefectAnswers;
  /** Shown when the save fails. */
  failedText: string;
  onCancel: () => void;
  onSave: (name: string, answer: DefectAnswer) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [answer, setAnswer] = useState<DefectAnswer>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    if (isBlank(trimmed)) {
      setProblem('Please enter the character defect.');
      return;
    }
    setProblem(null);
    setBusy(true);
    const ok = await onSave(trimmed, answer);
    setBusy(false);
    if (!ok) setFailed(true);
  };

  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onCancel())}
      title={`${STEP_MESSAGES.answerQuestionsFor} ${trimmed || '…'}`}
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label="Character defect"
          value={name}
          maxLength={DEFECT_MAX_LENGTH}
          onChange={(e) => {
            setName(e.target.value);
            const known = existing[e.target.value.trim()];
            if (known) setAnswer(known);
          }}
          error={problem}
        />
        {DEFECT_QUESTIONS.map((q) => (
          <DefectQuestion
            key={q.key}
            defect={trimmed || 'new defect'}
            questionKey={q.key}
            prompt={q.prompt}
            value={answer[q.key]}
            onChange={(text) => setAnswer((a) => ({ ...a, [q.key]: text }))}
          />
        ))}
        {failed ? <Message tone="danger">{failedText}</Message> : null}
        <div className={styles.buttonRow}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {STEP_MESSAGES.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={STEP_MESSAGES.saving}>
            {STEP_MESSAGES.saveAnswers}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
