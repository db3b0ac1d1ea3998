import {
  CIRCLE_LABELS,
  CIRCLE_MEANINGS,
  CIRCLES,
  type CircleItem,
  type CircleName,
  editCircleItem,
  FIELD_LIMITS,
  innerCircleNote,
  moveCircleItem,
  removeCircleItem,
  reorderCircleItem,
  type ThreeCircles,
} from '@sam/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { Message } from '../../ui/Message.tsx';
import { AddItemForm, circleName } from './CircleParts.tsx';
import { CirclesDrawing } from './CirclesDrawing.tsx';
import styles from './circles.module.css';
import { CIRCLES_WORDING as W } from './wording.ts';
import { withNewItem } from './workState.ts';

type Props = {
  circles: ThreeCircles;
  onChange(update: (circles: ThreeCircles) => ThreeCircles): void;
  /** The item whose tools are open, if any: one at a time. */
  openItem: string | null;
  setOpenItem(id: string | null): void;
};

/** Where focus goes after a change that takes away the control that had it. */
type FocusRequest = { kind: 'item'; id: string } | { kind: 'add'; circle: CircleName } | null;

/**
 * The circles as saved, drawn and listed, changed in place: add, reword, reorder, move to another circle,
 * remove. Changes stay here until the person saves them as one new version.
 */
export function CirclesEditor({ circles, onChange, openItem, setOpenItem }: Props) {
  const prefix = useId();
  const [focus, setFocus] = useState<FocusRequest>(null);
  const addInputs = useRef<Partial<Record<CircleName, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (!focus) return;
    if (focus.kind === 'add') addInputs.current[focus.circle]?.focus();
    else document.getElementById(`${prefix}-change-${focus.id}`)?.focus();
    setFocus(null);
  }, [focus, prefix]);

  return (
    <div className={styles.board}>
      <div className={styles.drawingColumn}>
        <CirclesDrawing circles={circles} />
      </div>
      <div className={styles.circleColumn}>
        {CIRCLES.map((circle) => {
          const note = circle === 'inner' ? innerCircleNote(circles) : null;
          const items = circles[circle];
          return (
            <section
              key={circle}
              aria-labelledby={`${prefix}-${circle}`}
              className={`${styles.circleCard} ${styles[circle]}`}
            >
              <h3 id={`${prefix}-${circle}`} className={styles.circleHeading}>
                {CIRCLE_LABELS[circle]}
              </h3>
              <p className={styles.meaningLine}>{CIRCLE_MEANINGS[circle]}</p>
              {items.length === 0 ? (
                <p className={styles.hint}>{W.nothingYet}</p>
              ) : (
                <ol className={styles.items} aria-labelledby={`${prefix}-${circle}`}>
                  {items.map((item, index) => (
                    <ItemRow
                      key={item.id}
                      prefix={prefix}
                      circle={circle}
                      item={item}
                      first={index === 0}
                      last={index === items.length - 1}
                      open={openItem === item.id}
                      onOpen={(open) => setOpenItem(open ? item.id : null)}
                      onText={(text) => onChange((c) => editCircleItem(c, circle, item.id, text))}
                      onReorder={(by) => onChange((c) => reorderCircleItem(c, circle, item.id, by))}
                      onMove={(to) => {
                        onChange((c) => moveCircleItem(c, circle, to, item.id));
                        setFocus({ kind: 'item', id: item.id });
                      }}
                      onRemove={() => {
                        onChange((c) => removeCircleItem(c, circle, item.id));
                        setOpenItem(null);
                        setFocus({ kind: 'add', circle });
                      }}
                      onDone={() => {
                        setOpenItem(null);
                        setFocus({ kind: 'item', id: item.id });
                      }}
                    />
                  ))}
                </ol>
              )}
              <AddItemForm
                circle={circle}
                count={items.length}
                inputRef={(el) => {
                  addInputs.current[circle] = el;
                }}
                onAdd={(text) => onChange((c) => withNewItem(c, circle, text))}
              />
              {note ? <Message tone="info">{note}</Message> : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}

type RowProps = {
  prefix: string;
  circle: CircleName;
  item: CircleItem;
  first: boolean;
  last: boolean;
  open: boolean;
  onOpen(open: boolean): void;
  onText(text: string): void;
  onReorder(by: -1 | 1): void;
  onMove(to: CircleName): void;
  onRemove(): void;
  onDone(): void;
};

function ItemRow({
  prefix,
  circle,
  item,
  first,
  last,
  open,
  onOpen,
  onText,
  onReorder,
  onMove,
  onRemove,
  onDone,
}: RowProps) {
  const panelId = `${prefix}-panel-${item.id}`;
  const wordsId = `${prefix}-words-${item.id}`;
  const blank = item.text.trim() === '';
  const words = useRef<HTMLInputElement>(null);
  // A button at the end of the list stays focusable (aria-disabled) so focus does not fall to the page.
  const edge = (disabled: boolean, run: () => void) => ({
    'aria-disabled': disabled || undefined,
    onClick: () => (disabled ? undefined : run()),
  });
  return (
    <li className={styles.item}>
      <div className={styles.itemRow}>
        <span className={styles.itemText}>{blank ? <em>{W.wording}</em> : item.text}</span>
        <Button
          id={`${prefix}-change-${item.id}`}
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`${W.change}: ${item.text}`}
          onClick={() => onOpen(!open)}
        >
          {W.change}
        </Button>
      </div>
      {open ? (
        <div id={panelId} className={styles.itemPanel}>
          <label htmlFor={wordsId} className={fieldStyles.label}>
            {W.wording}
          </label>
          <input
            ref={words}
            id={wordsId}
            className={fieldStyles.input}
            value={item.text}
            maxLength={FIELD_LIMITS.circleItem}
            aria-invalid={blank || undefined}
            aria-describedby={blank ? `${wordsId}-error` : undefined}
            onChange={(e) => onText(e.target.value)}
          />
          {blank ? (
            <p id={`${wordsId}-error`} className={fieldStyles.error}>
              An item needs some words
            </p>
          ) : null}
          <div className={styles.itemTools}>
            <Button size="sm" variant="secondary" {...edge(first, () => onReorder(-1))}>
              {W.moveUp}
            </Button>
            <Button size="sm" variant="secondary" {...edge(last, () => onReorder(1))}>
              {W.moveDown}
            </Button>
            {CIRCLES.filter((c) => c !== circle).map((to) => (
              <Button key={to} size="sm" variant="secondary" onClick={() => onMove(to)}>
                {W.moveTo(circleName(to))}
              </Button>
            ))}
            <Button size="sm" variant="danger" onClick={onRemove}>
              {W.remove}
            </Button>
            <Button size="sm" onClick={() => (blank ? words.current?.focus() : onDone())}>
              {W.done}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
