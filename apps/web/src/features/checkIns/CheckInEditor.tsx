import {
  type CalendarDay,
  CHECK_IN_CIRCLE_LABELS,
  CHECK_IN_CIRCLES,
  type CheckInContent,
  FIELD_LIMITS,
  HALT,
  HALT_LABELS,
  longDay,
  MAX_MOODS,
  MOOD_LABELS,
  MOODS,
  STEP_TEN_QUESTIONS,
  type StepTenKey,
  toggleMood,
} from '@sam/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import fieldStyles from '../../ui/fields.module.css';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { Message, type Tone } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { slipPath } from '../abstinence/index.ts';
import {
  DRAFT_MESSAGES,
  DraftRestoredNote,
  useConfirmDiscard,
  useDraft,
  useUnsavedWork,
} from '../drafts/index.ts';
import { CircleMark } from './CircleMark.tsx';
import { type CheckInForm, contentOf, formOf, sameCheckIn } from './checkInForm.ts';
import styles from './checkIns.module.css';
import { useDeleteCheckIn, useSaveCheckIn } from './useCheckIns.ts';
import { CHECK_IN_WORDING as W } from './wording.ts';

type Status = { tone: Tone; text: string } | null;

const hasAnswers = (form: CheckInForm) => STEP_TEN_QUESTIONS.some((q) => form.stepTen[q.key]?.trim());

/**
 * One day's check-in: the circle (the only answer needed), moods, HALT, a line of gratitude and the
 * Step 10 questions. What is typed is kept as a draft until saved; leaving the page saves it when it can.
 */
export function CheckInEditor({
  day,
  today,
  saved,
}: {
  day: CalendarDay;
  today: CalendarDay;
  saved: CheckInContent | null;
}) {
  const id = useId();
  const dialogs = useDialogs();
  const saveCheckIn = useSaveCheckIn();
  const deleteCheckIn = useDeleteCheckIn();
  const mayDiscard = useConfirmDiscard();
  const [form, setForm] = useState<CheckInForm>(() => formOf(saved));
  const [status, setStatus] = useState<Status>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [justSaved, setJustSaved] = useState<CheckInForm | null>(null);
  const [stepTenOpen, setStepTenOpen] = useState(() => hasAnswers(formOf(saved)));
  const savedForm = formOf(saved);
  const savedRef = useRef(savedForm);
  savedRef.current = savedForm;
  const kept = useDraft<CheckInForm>(
    `check-in:${day}`,
    (restored) => {
      setForm(restored);
      if (hasAnswers(restored)) setStepTenOpen(true);
    },
    (value) => sameCheckIn(value, savedRef.current),
  );
  // Until the list shows the saved check-in, what was just saved counts as saved.
  const changed = !sameCheckIn(form, savedForm) && !(justSaved && sameCheckIn(form, justSaved));
  const isToday = day === today;
  const when = isToday ? 'tonight' : longDay(day);

  const change = (next: CheckInForm) => {
    setForm(next);
    setStatus(null);
    setProblem(null);
    kept.keep(next);
  };

  /** Saves the form; false when it cannot be saved yet (no circle) or the save failed. */
  const save = async (): Promise<boolean> => {
    const content = contentOf(form);
    if (!content) {
      setProblem(W.circleMissing);
      return false;
    }
    setBusy(true);
    setStatus(null);
    try {
      await saveCheckIn(day, content);
      setJustSaved(form);
      await kept.clear();
      setStatus({ tone: 'success', text: W.saved(when) });
      return true;
    } catch (error) {
      setStatus({ tone: 'danger', text: errorMessage(error, W.saveFailed) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  useUnsavedWork({
    unsaved: () => changed,
    // Leaving the page saves a check-in that has its circle; without one the draft keeps it.
    flush: async () => !changed || (contentOf(form) !== null && (await save())),
    keptOn: 'device',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const remove = async () => {
    const yes = await dialogs.confirm({
      title: W.deleteTitle,
      message: W.deleteText,
      variant: 'danger',
      confirmText: W.deleteConfirm,
      cancelText: W.deleteKeep,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await deleteCheckIn(day);
      await kept.clear();
      setJustSaved(null);
      setForm(formOf(null));
      setStatus({ tone: 'success', text: W.deleted });
    } catch (error) {
      setStatus({ tone: 'danger', text: errorMessage(error, 'The check-in could not be deleted.') });
    } finally {
      setBusy(false);
    }
  };

  const setAnswer = (key: StepTenKey, value: string) =>
    change({ ...form, stepTen: { ...form.stepTen, [key]: value } });

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label={`Check-in for ${longDay(day)}`}>
      {kept.restored ? (
        <DraftRestoredNote
          hint={DRAFT_MESSAGES.restoredUntilSave}
          onDiscard={async () => {
            if (!(await mayDiscard())) return;
            setForm(formOf(saved));
            await kept.clear();
          }}
        />
      ) : null}
      {saved ? <p className={styles.muted}>{W.alreadyThere}</p> : null}

      <fieldset className={styles.fieldset} aria-describedby={problem ? `${id}-circle-error` : undefined}>
        <legend className={styles.legend}>{W.circleQuestion(isToday)}</legend>
        <div className={styles.circles}>
          {CHECK_IN_CIRCLES.map((circle) => (
            <label key={circle} className={styles.circleOption} data-checked={form.circle === circle}>
              <input
                type="radio"
                name={`${id}-circle`}
                value={circle}
                checked={form.circle === circle}
                onChange={() => change({ ...form, circle })}
              />
              <CircleMark circle={circle} />
              <span>{CHECK_IN_CIRCLE_LABELS[circle]}</span>
            </label>
          ))}
        </div>
        {problem ? (
          <p id={`${id}-circle-error`} className={styles.error}>
            {problem}
          </p>
        ) : null}
      </fieldset>

      {form.circle === 'inner' ? (
        <div className={styles.offer}>
          <p>{W.innerOffer}</p>
          <ButtonLink to={slipPath(day)} variant="secondary" size="sm">
            {W.innerLink}
          </ButtonLink>
        </div>
      ) : null}
      {form.circle === 'middle' ? <p className={styles.offer}>{W.middleOffer}</p> : null}

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{W.moodQuestion}</legend>
        <p id={`${id}-moods`} className={styles.hint}>
          {W.moodHint(MAX_MOODS)}
        </p>
        <div className={styles.moods}>
          {MOODS.map((mood) => (
            <button
              key={mood}
              type="button"
              className={styles.mood}
              aria-pressed={form.moods.includes(mood)}
              aria-describedby={`${id}-moods`}
              onClick={() => change({ ...form, moods: toggleMood(form.moods, mood) })}
            >
              {form.moods.includes(mood) ? <span aria-hidden="true">✓ </span> : null}
              {MOOD_LABELS[mood]}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{W.haltQuestion}</legend>
        <div className={styles.halt}>
          {HALT.map((h) => (
            <CheckboxField
              key={h}
              label={HALT_LABELS[h]}
              checked={form.halt.includes(h)}
              onCheckedChange={(on) =>
                change({ ...form, halt: on ? [...form.halt, h] : form.halt.filter((x) => x !== h) })
              }
            />
          ))}
        </div>
      </fieldset>

      <TextField
        label={W.gratitude}
        value={form.gratitude}
        maxLength={FIELD_LIMITS.checkInGratitude}
        onChange={(e) => change({ ...form, gratitude: e.target.value })}
      />

      <details
        className={styles.stepTen}
        open={stepTenOpen}
        onToggle={(e) => setStepTenOpen(e.currentTarget.open)}
      >
        <summary className={styles.summary}>{W.stepTen}</summary>
        <p className={styles.hint}>{W.stepTenHint}</p>
        {STEP_TEN_QUESTIONS.map((q) => (
          <div key={q.key} className={fieldStyles.field}>
            <label htmlFor={`${id}-${q.key}`} className={fieldStyles.label}>
              {q.question}
            </label>
            <LimitedTextarea
              id={`${id}-${q.key}`}
              className={styles.textarea}
              rows={2}
              value={form.stepTen[q.key] ?? ''}
              limit={FIELD_LIMITS.checkInAnswer}
              onChange={(e) => setAnswer(q.key, e.target.value)}
            />
          </div>
        ))}
      </details>

      {status ? <Message tone={status.tone}>{status.text}</Message> : null}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} busyLabel="Saving...">
          {W.save}
        </Button>
        {saved ? (
          <Button variant="ghost" onClick={() => void remove()} disabled={busy}>
            {W.deleteButton}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
