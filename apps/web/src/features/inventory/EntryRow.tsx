import {
  type EntryRecord,
  INVENTORY_FIELDS,
  INVENTORY_MESSAGES,
  type InventoryType,
  isEntryComplete,
  listValue,
  mainField,
  optionLabel,
  textValue,
} from '@sam/core';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './inventory.module.css';

type RowProps = {
  type: InventoryType;
  entry: EntryRecord;
  /** Focus goes to this row's Edit button (after its form closed). */
  focusEdit: boolean;
  onEdit: (id: string) => void;
  onDelete: (entry: EntryRecord) => void;
};

/** A collapsed row; its details are rendered only while expanded. */
export const EntryRow = memo(function EntryRow({ type, entry, focusEdit, onEdit, onDelete }: RowProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const main = textValue(entry, mainField(type).key) || 'Unknown';
  const complete = isEntryComplete(type, entry);
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <button
          type="button"
          className={styles.expand}
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className={styles.chevron}>
            {open ? '▾' : '▸'}
          </span>
          <span className={styles.main}>{main}</span>
        </button>
        {complete ? null : <span className={styles.needsDetail}>{INVENTORY_MESSAGES.needsMoreDetail}</span>}
        <div className={styles.rowButtons}>
          <Button
            ref={editButton}
            variant="secondary"
            size="sm"
            onClick={() => onEdit(entry.id)}
            aria-label={`Edit ${main}`}
          >
            Edit
          </Button>
          <Button variant="danger" size="sm" onClick={() => onDelete(entry)} aria-label={`Delete ${main}`}>
            Delete
          </Button>
        </div>
      </div>
      {open ? (
        <dl id={detailsId} className={styles.details}>
          {INVENTORY_FIELDS[type].slice(1).map((field) => {
            const value =
              field.kind === 'list'
                ? listValue(entry, field.key).map(optionLabel).join(', ')
                : textValue(entry, field.key);
            return (
              <div key={field.key} className={styles.detail}>
                <dt>{field.label}</dt>
                <dd>
                  {value.trim() === '' ? <span className={styles.empty}>(not written yet)</span> : value}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
    </li>
  );
});
