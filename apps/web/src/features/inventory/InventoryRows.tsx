import { type EntryRecord, INVENTORY_LABELS, type InventoryType, isEntryComplete } from '@sam/core';
import { EntryForm } from './EntryForm.tsx';
import { EntryRow } from './EntryRow.tsx';
import styles from './inventory.module.css';

/** How many entries there are and how many need more detail, then the entries: one open in its form. */
export function InventoryRows({
  type,
  entries,
  editingId,
  focusRowId,
  onEdit,
  onDelete,
  onSave,
  onClosed,
}: {
  type: InventoryType;
  entries: readonly EntryRecord[];
  /** The entry shown in its form instead of its row. */
  editingId: string | null;
  /** The row whose Edit button gets focus back (its form just closed). */
  focusRowId: string | null;
  onEdit: (id: string) => void;
  onDelete: (entry: EntryRecord) => void;
  /** Resolves true once the entry is saved. */
  onSave: (entry: EntryRecord) => Promise<boolean>;
  onClosed: (id: string) => void;
}) {
  const incomplete = entries.filter((e) => !isEntryComplete(type, e)).length;
  return (
    <>
      <p className={styles.count}>
        {entries.length === 0
          ? 'No entries yet.'
          : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${incomplete > 0 ? `, ${incomplete} needing more detail` : ''}.`}
      </p>
      <ul className={styles.list} aria-label={`${INVENTORY_LABELS[type]} entries`}>
        {entries.map((entry) =>
          editingId === entry.id ? (
            <li key={entry.id} className={styles.row}>
              <EntryForm type={type} entry={entry} onSave={onSave} onClose={() => onClosed(entry.id)} />
            </li>
          ) : (
            <EntryRow
              key={entry.id}
              type={type}
              entry={entry}
              focusEdit={focusRowId === entry.id}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ),
        )}
      </ul>
    </>
  );
}
