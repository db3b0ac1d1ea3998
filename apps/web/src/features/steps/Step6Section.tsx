import {
  DEFECT_MAX_LENGTH,
  DEFECT_QUESTIONS,
  type DefectAnswer,
  type DefectAnswers,
  FIELD_LIMITS,
  initialDefectAnswers,
  isBlank,
  MAX_STEP6_DEFECTS,
  STEP_MESSAGES,
} from '@sam/core';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  DRAFT_MESSAGES,
  DraftRestoredNote,
  useCloseGuard,
  useConfirmDiscard,
  useDraft,
} from '../drafts/index.ts';
import { QuestionHelpButton } from './ContentButtons.tsx';
import { defectQuestionHelpTag, stepContentFile } from './content.ts';
import { stepPlace } from './stepState.ts';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';
import { useFlash } from './useFlash.ts';
import { useStepData } from './useProgress.ts';

const EMPTY: DefectAnswer = { hurts: '', helps: '', less: '' };
const FILE = stepContentFile(6);
/** Where the Answer Questions for dialog keeps what is typed in it before it is saved. */
const NEW_DEFECT_PLACE = `${stepPlace(6)}:new-defect`;

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
      <LimitedTextarea
        id={id}
        className={styles.textarea}
        rows={3}
        limit={FIELD_LIMITS.defectAnswer}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Step 6 action 3: three answers per defect, Remove, and the Answer Questions for modal. */
export function Step6Section({ draft, update, saveNow, derive, statusFor, signedIn }: StepToolsProps) {
  const step5 = useStepData(5);
  const dialogs = useDialogs();
  const [adding, setAdding] = useState(false);
  const [flash, showFlash] = useFlash();
  const answers = draft.data.defectAnswers;

  // Until step 6 is first saved, its list starts from the step 5 defects.
  const step5Defects = step5.status === 'ready' ? step5.data.characterDefects : undefined;
  useEffect(() => {
    if (!signedIn || step5Defects === undefined) return;
    derive((d) =>
      d.data.defectAnswers === undefined
        ? { ...d, data: { ...d.data, defectAnswers: initialDefectAnswers(step5Defects) } }
        : d,
    );
  }, [signedIn, step5Defects, derive]);

  const setAnswer = (defect: string, key: keyof DefectAnswer, text: string) =>
    update('step6', (d) => {
      const all: DefectAnswers = { ...(d.data.defectAnswers ?? {}) };
      all[defect] = { ...(all[defect] ?? EMPTY), [key]: text };
      return { ...d, data: { ...d.data, defectAnswers: all } };
    });

  // A defect goes with its three answers, so removing it is confirmed first, as every deletion is.
  const remove = async (defect: string) => {
    const yes = await dialogs.confirm({
      title: STEP_MESSAGES.removeDefectTitle(defect),
      message: STEP_MESSAGES.removeDefectText,
      variant: 'danger',
      confirmText: STEP_MESSAGES.remove,
      cancelText: STEP_MESSAGES.keep,
    });
    if (!yes) return;
    await saveNow('step6', (d) => {
      const all: DefectAnswers = { ...(d.data.defectAnswers ?? {}) };
      delete all[defect];
      return { ...d, data: { ...d.data, defectAnswers: all } };
    });
  };

  const saveAll = async () => {
    const ok = await saveNow('step6', (d) => ({
      ...d,
      data: { ...d.data, defectAnswers: d.data.defectAnswers ?? {} },
    }));
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
            onClick={() => void remove(defect)}
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
      {adding ? null : statusFor('step6')}
      {adding ? (
        <AnswerQuestionsDialog
          existing={answers ?? {}}
          signedIn={signedIn}
          status={statusFor('step6')}
          onClose={() => setAdding(false)}
          onSave={(name, answer) =>
            saveNow('step6', (d) => ({
              ...d,
              data: { ...d.data, defectAnswers: { ...(d.data.defectAnswers ?? {}), [name]: answer } },
            }))
          }
        />
      ) : null}
    </div>
  );
}

type NewDefect = { name: string; answer: DefectAnswer };

function AnswerQuestionsDialog({
  existing,
  signedIn,
  status,
  onClose,
  onSave,
}: {
  existing: DefectAnswers;
  signedIn: boolean;
  /** Where saving stands, shown under the form. */
  status: ReactNode;
  onClose: () => void;
  onSave: (name: string, answer: DefectAnswer) => Promise<boolean>;
}) {
  const [form, setForm] = useState<NewDefect>({ name: '', answer: EMPTY });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kept = useDraft<NewDefect>(NEW_DEFECT_PLACE, (restored) => setForm(restored));
  const mayClose = useCloseGuard();
  const mayDiscard = useConfirmDiscard();
  const trimmed = form.name.trim();
  const typed = !isBlank(form.name) || Object.values(form.answer).some((a) => !isBlank(a));

  const change = (next: NewDefect) => {
    setForm(next);
    kept.keep(next);
  };

  const close = async () => {
    if (await mayClose(typed, signedIn ? 'device' : 'tab')) onClose();
  };

  const discard = async () => {
    if (!(await mayDiscard())) return;
    setForm({ name: '', answer: EMPTY });
    await kept.clear();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(trimmed)) {
      setProblem('Please enter the character defect.');
      return;
    }
    setProblem(null);
    setBusy(true);
    const ok = await onSave(trimmed, form.answer);
    setBusy(false);
    if (!ok) return;
    await kept.clear();
    onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(o) => (o || busy ? undefined : void close())}
      title={`${STEP_MESSAGES.answerQuestionsFor} ${trimmed || '…'}`}
      size="md"
    >
      {kept.restored ? (
        <DraftRestoredNote hint={DRAFT_MESSAGES.restoredUntilSave} onDiscard={() => void discard()} />
      ) : null}
      <form className={styles.modalForm} onSubmit={submit} noValidate>
        <TextField
          label="Character defect"
          value={form.name}
          maxLength={DEFECT_MAX_LENGTH}
          onChange={(e) => {
            const name = e.target.value;
            const known = existing[name.trim()];
            change({ name, answer: known ?? form.answer });
          }}
          error={problem}
        />
        {DEFECT_QUESTIONS.map((q) => (
          <DefectQuestion
            key={q.key}
            defect={trimmed || 'new defect'}
            questionKey={q.key}
            prompt={q.prompt}
            value={form.answer[q.key]}
            onChange={(text) => change({ ...form, answer: { ...form.answer, [q.key]: text } })}
          />
        ))}
        {status}
        <div className={styles.buttonRow}>
          <Button variant="secondary" onClick={() => void close()} disabled={busy}>
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
