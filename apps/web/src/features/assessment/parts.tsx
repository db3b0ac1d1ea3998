import { CRISIS_LINES, smsHref, telHref } from '@sam/core';
import { type RefObject, useEffect, useRef } from 'react';
import styles from './assessment.module.css';

/**
 * Moves focus to the returned element whenever `key` changes after the first render, so a screen reader
 * reads the new question (and a keyboard user starts from it), and brings its stage into view.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    const target = ref.current;
    if (!target) return;
    target.focus({ preventScroll: true });
    // Show the stage from its top (area, progress, question, answers) rather than scrolling the
    // question alone to the top of a small screen.
    const section = target.closest('section') ?? target;
    const top = section.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) section.scrollIntoView({ block: 'start' });
  }, [key]);
  return ref;
}

/** Two large buttons, one per thumb tap; the chosen one shows as pressed. */
export function YesNo({
  labelledBy,
  value,
  onAnswer,
}: {
  labelledBy: string;
  value: boolean | undefined;
  onAnswer: (value: boolean) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a fieldset of inputs
    <div className={styles.yesNo} role="group" aria-labelledby={labelledBy}>
      <button
        type="button"
        className={`${styles.answer} ${value === true ? styles.chosen : ''}`}
        aria-pressed={value === true}
        onClick={() => onAnswer(true)}
      >
        Yes
      </button>
      <button
        type="button"
        className={`${styles.answer} ${value === false ? styles.chosen : ''}`}
        aria-pressed={value === false}
        onClick={() => onAnswer(false)}
      >
        No
      </button>
    </div>
  );
}

/** A progress bar with its values for assistive technology. */
export function ProgressBar({
  value,
  max,
  label,
  text,
}: {
  value: number;
  max: number;
  label: string;
  text: string;
}) {
  return (
    <div className={styles.progress}>
      <progress className={styles.bar} value={value} max={max} aria-label={label} aria-valuetext={text} />
      <span className={styles.progressText} aria-hidden="true">
        {text}
      </span>
    </div>
  );
}

export function CrisisLines({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [first, second] = CRISIS_LINES;
  return (
    <section className={styles.crisis} aria-labelledby="crisis-heading">
      <Heading id="crisis-heading" className={styles.crisisTitle}>
        If you are in crisis
      </Heading>
      <p>
        You can call <a href={telHref(first)}>{first}</a> or <a href={smsHref(first)}>text {first}</a>, or
        call <a href={telHref(second)}>{second}</a>. Both are free, confidential and open 24/7 (US).
      </p>
    </section>
  );
}
