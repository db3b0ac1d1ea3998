import {
  CIRCLE_EXAMPLES,
  CIRCLE_LABELS,
  CIRCLE_MEANINGS,
  CIRCLES,
  type CircleName,
  FIELD_LIMITS,
  MAX_ITEMS_PER_CIRCLE,
  type ThreeCircles,
} from '@sam/core';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import fieldStyles from '../../ui/fields.module.css';
import styles from './circles.module.css';
import { CIRCLES_WORDING as W } from './wording.ts';

export const circleName = (circle: CircleName) => CIRCLE_LABELS[circle].toLowerCase();

/** The three circles and what each holds, in SAM's words. */
export function CircleMeanings({ order = CIRCLES }: { order?: readonly CircleName[] }) {
  return (
    <dl className={styles.meanings}>
      {order.map((circle) => (
        <div key={circle} className={`${styles.meaning} ${styles[circle]}`}>
          <dt>{CIRCLE_LABELS[circle]}</dt>
          <dd>{CIRCLE_MEANINGS[circle]}</dd>
        </div>
      ))}
    </dl>
  );
}

type AddProps = {
  circle: CircleName;
  count: number;
  onAdd(text: string): void;
  inputRef?: Ref<HTMLInputElement>;
};

/** A field and an Add button for one circle; the item goes in with the words as typed. */
export function AddItemForm({ circle, count, onAdd, inputRef }: AddProps) {
  const id = useId();
  const [text, setText] = useState('');
  const full = count >= MAX_ITEMS_PER_CIRCLE;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || full) return;
    onAdd(text);
    setText('');
  };
  return (
    <form className={styles.addForm} onSubmit={submit}>
      <label htmlFor={id} className={fieldStyles.label}>
        {W.addLabel(circleName(circle))}
      </label>
      <div className={fieldStyles.row}>
        <input
          ref={inputRef}
          id={id}
          className={fieldStyles.input}
          value={text}
          maxLength={FIELD_LIMITS.circleItem}
          disabled={full}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={full || !text.trim()}>
          {W.add}
        </Button>
      </div>
      {full ? <p className={fieldStyles.hint}>{W.full(MAX_ITEMS_PER_CIRCLE)}</p> : null}
    </form>
  );
}

type ExampleProps = {
  circle: CircleName;
  circles: ThreeCircles;
  onPick(text: string): void;
  onUnpick(text: string): void;
};

/** SAM's examples for one circle as toggle buttons: pressed when the circle holds that item. */
export function ExamplePicker({ circle, circles, onPick, onUnpick }: ExampleProps) {
  const id = useId();
  const full = circles[circle].length >= MAX_ITEMS_PER_CIRCLE;
  return (
    <fieldset className={styles.examples} aria-describedby={`${id}-hint`}>
      <legend>{W.examplesLegend}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {W.examplesHint}
      </p>
      <div className={styles.exampleList}>
        {CIRCLE_EXAMPLES[circle].map((example) => {
          const picked = circles[circle].some((item) => item.text === example);
          return (
            <button
              key={example}
              type="button"
              className={styles.example}
              aria-pressed={picked}
              disabled={!picked && full}
              onClick={() => (picked ? onUnpick(example) : onPick(example))}
            >
              <span className={styles.exampleMark} aria-hidden="true">
                {picked ? '✓' : '+'}
              </span>
              {example}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** One version's circles, read-only: a heading and a list for each circle. */
export function CirclesReadOnly({ circles, level = 4 }: { circles: ThreeCircles; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className={styles.readOnly}>
      {CIRCLES.map((circle) => (
        <section key={circle} className={`${styles.readOnlyCircle} ${styles[circle]}`}>
          <Heading className={styles.readOnlyHeading}>{CIRCLE_LABELS[circle]}</Heading>
          {circles[circle].length === 0 ? (
            <p className={styles.hint}>{W.nothingYet}</p>
          ) : (
            <ul className={styles.readOnlyList}>
              {circles[circle].map((item) => (
                <li key={item.id}>{item.text}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
