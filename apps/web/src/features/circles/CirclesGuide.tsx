import {
  CIRCLE_BUILD_ORDER,
  CIRCLE_LABELS,
  CIRCLE_MEANINGS,
  innerCircleNote,
  removeCircleItem,
  type ThreeCircles,
} from '@sam/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { AddItemForm, CircleMeanings, circleName, ExamplePicker } from './CircleParts.tsx';
import styles from './circles.module.css';
import { CIRCLES_WORDING as W } from './wording.ts';
import { withNewItem } from './workState.ts';

type Props = {
  circles: ThreeCircles;
  onChange(update: (circles: ThreeCircles) => ThreeCircles): void;
  onSave(): void;
  saving: boolean;
  /** Why the last save did not go through, shown by the Save button. */
  problem: ReactNode;
};

/**
 * The first visit: what the circles are, then one circle a step in the order SAA suggests building them
 * (inner, outer, middle), each with a field for the person's own words and examples to pick.
 */
export function CirclesGuide({ circles, onChange, onSave, saving, problem }: Props) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const addInput = useRef<HTMLInputElement>(null);
  const circle = CIRCLE_BUILD_ORDER[step] ?? 'inner';
  const last = step === CIRCLE_BUILD_ORDER.length - 1;
  const items = circles[circle];
  const note = circle === 'inner' ? innerCircleNote(circles) : null;

  // Back and Next take the reader to the new step's heading.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  });
  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const removeByText = (text: string) =>
    onChange((c) => {
      const item = c[circle].find((i) => i.text === text);
      return item ? removeCircleItem(c, circle, item.id) : c;
    });

  return (
    <section aria-labelledby="circles-guide-heading" className={styles.guide}>
      <h2 id="circles-guide-heading">{W.guideHeading}</h2>
      {step === 0 ? (
        <>
          <p>{W.guideIntro}</p>
          <CircleMeanings order={CIRCLE_BUILD_ORDER} />
        </>
      ) : null}
      <div className={`${styles.guideStep} ${styles[circle]}`}>
        <h3 ref={heading} tabIndex={-1} className={styles.stepHeading}>
          <span className={styles.progress}>{W.guideStep(step + 1, CIRCLE_BUILD_ORDER.length)}</span>{' '}
          {CIRCLE_LABELS[circle]}
        </h3>
        <ol className={styles.progressBar} aria-hidden="true">
          {CIRCLE_BUILD_ORDER.map((c, i) => (
            <li key={c} className={i <= step ? styles.progressDone : undefined} />
          ))}
        </ol>
        <p className={styles.meaningLine}>{CIRCLE_MEANINGS[circle]}</p>
        <p>{W.prompts[circle]}</p>
        <AddItemForm
          key={circle}
          inputRef={addInput}
          circle={circle}
          count={items.length}
          onAdd={(text) => onChange((c) => withNewItem(c, circle, text))}
        />
        <ExamplePicker
          circle={circle}
          circles={circles}
          onPick={(text) => onChange((c) => withNewItem(c, circle, text))}
          onUnpick={removeByText}
        />
        <h4 className={styles.listHeading}>{W.inThisCircle(circleName(circle))}</h4>
        {items.length === 0 ? (
          <p className={styles.hint}>{W.nothingYet}</p>
        ) : (
          <ul className={styles.guideList}>
            {items.map((item) => (
              <li key={item.id}>
                <span className={styles.itemText}>{item.text}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${W.remove}: ${item.text}`}
                  onClick={() => {
                    onChange((c) => removeCircleItem(c, circle, item.id));
                    addInput.current?.focus();
                  }}
                >
                  {W.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {note ? <Message tone="info">{note}</Message> : null}
        <div className={styles.guideNav}>
          {step > 0 ? (
            <Button variant="secondary" onClick={() => goTo(step - 1)}>
              {W.back}
            </Button>
          ) : (
            <span />
          )}
          {last ? (
            <Button onClick={onSave} busy={saving} busyLabel="Saving...">
              {W.saveFirst}
            </Button>
          ) : (
            <Button onClick={() => goTo(step + 1)}>{W.next}</Button>
          )}
        </div>
        {problem}
      </div>
    </section>
  );
}
