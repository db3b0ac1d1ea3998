import { FIELD_LIMITS, type InventoryType } from '@sam/core';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { LengthCounter } from '../../ui/LengthCounter.tsx';
import { useDraft, useUnsavedWork } from '../drafts/index.ts';
import styles from './inventory.module.css';

const QUICK_ADD_LABEL: Record<InventoryType, string> = {
  resentments: 'Add a resentment: who or what do you resent?',
  fears: 'Add a fear: what are you afraid of?',
  harms: 'Add a harm: who did you harm?',
};

/**
 * The one-line quick add. Its own state, so typing re-renders only this form, not the list; what is typed
 * is kept as a draft until it is added.
 */
export function QuickAdd({
  type,
  onAdd,
  children,
}: {
  type: InventoryType;
  /** Resolves true once the entry is saved. */
  onAdd: (name: string) => Promise<boolean>;
  /** Shown under the field (the save status of the last add). */
  children?: React.ReactNode;
}) {
  const [name, setName] = useState('');
  const id = useId();
  const kept = useDraft<string>(`inventory:${type}:new-entry`, (restored) => setName(restored));
  useUnsavedWork({
    unsaved: () => name.trim() !== '',
    flush: async () => name.trim() === '',
    keptOn: 'device',
  });
  return (
    <form
      className={styles.quickAdd}
      onSubmit={async (e) => {
        e.preventDefault();
        const value = name;
        setName('');
        if (await onAdd(value)) await kept.clear();
        else setName(value);
      }}
    >
      <label htmlFor={id} className={fieldStyles.label}>
        {QUICK_ADD_LABEL[type]}
      </label>
      <div className={fieldStyles.row}>
        <input
          id={id}
          className={fieldStyles.input}
          value={name}
          maxLength={FIELD_LIMITS.inventoryText}
          autoComplete="off"
          aria-describedby={`${id}-counter`}
          onChange={(e) => {
            setName(e.target.value);
            kept.keep(e.target.value);
          }}
        />
        <Button type="submit">Add</Button>
      </div>
      <LengthCounter id={`${id}-counter`} length={name.length} limit={FIELD_LIMITS.inventoryText} />
      {children}
    </form>
  );
}
