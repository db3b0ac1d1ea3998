import {
  CSV_SEPARATOR_NAMES,
  type EntryRecord,
  entryCountText,
  type ImportMode,
  INVENTORY_FIELDS,
  INVENTORY_LABELS,
  type InventoryCsvPreview,
  type InventoryType,
  listValue,
  mainField,
  optionLabel,
  textValue,
} from '@sam/core';
import { useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import styles from './csvImport.module.css';

/** How many of the file's entries the preview shows. */
const SHOWN = 3;

/** "a", "a and b", "a, b and c". */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function cellText(type: InventoryType, entry: EntryRecord, key: string): string {
  const field = INVENTORY_FIELDS[type].find((f) => f.key === key);
  return field?.kind === 'list' ? listValue(entry, key).map(optionLabel).join(', ') : textValue(entry, key);
}

export type ImportPreviewDialogProps = {
  type: InventoryType;
  preview: InventoryCsvPreview;
  /** How many entries the inventory has now. */
  currentCount: number;
  /** The choice being saved, while it is. */
  busy: ImportMode | null;
  error: string | null;
  onChoose: (mode: ImportMode) => void;
  onCancel: () => void;
};

/** What a CSV file would bring in, shown before anything changes; the person chooses Append or Replace. */
export function ImportPreviewDialog({
  type,
  preview,
  currentCount,
  busy,
  error,
  onChoose,
  onCancel,
}: ImportPreviewDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const label = INVENTORY_LABELS[type];
  const fields = INVENTORY_FIELDS[type];
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label ?? key;
  const main = mainField(type);
  const mainHeader = preview.columns.find((c) => c.field === main.key)?.header ?? main.key;
  // Beside the main field, the first two columns the file fills, so the person sees their own text.
  const shownFields = preview.columns
    .map((c) => c.field)
    .filter((key) => key !== main.key)
    .slice(0, 2);
  const count = preview.rowCount;
  const hasEntries = currentCount > 0;

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      dismissible={busy === null}
      title={`Import ${entryCountText(count)}?`}
      description={
        <>
          From <span className={styles.fileName}>“{preview.fileName}”</span> into your {label} inventory.
          Nothing has changed yet.
        </>
      }
      variant="info"
      scrollable
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy !== null}>
            Cancel
          </Button>
          {hasEntries ? (
            <>
              <Button
                variant="danger"
                onClick={() => onChoose('replace')}
                disabled={busy !== null}
                busy={busy === 'replace'}
                busyLabel="Replacing…"
              >
                Replace
              </Button>
              <Button
                onClick={() => onChoose('append')}
                disabled={busy !== null}
                busy={busy === 'append'}
                busyLabel="Adding…"
              >
                Append
              </Button>
            </>
          ) : (
            <Button
              onClick={() => onChoose('replace')}
              disabled={busy !== null}
              busy={busy !== null}
              busyLabel="Importing…"
            >
              Import
            </Button>
          )}
        </>
      }
    >
      {preview.notes.map((note) => (
        <Message key={note} tone="warning">
          {note}
        </Message>
      ))}

      <h3 className={styles.heading}>
        {count > SHOWN ? `The first ${SHOWN} of ${entryCountText(count)}` : 'The entries'}
      </h3>
      <ol className={styles.previewList}>
        {preview.entries.slice(0, SHOWN).map((entry) => (
          <li key={entry.id} className={styles.previewEntry}>
            <span className={styles.previewMain}>{textValue(entry, main.key)}</span>
            {shownFields.map((key) => {
              const value = cellText(type, entry, key);
              return (
                <span key={key} className={styles.previewField}>
                  <span className={styles.previewLabel}>{labelOf(key)}: </span>
                  {value.trim() === '' ? <span className={styles.empty}>(empty)</span> : value}
                </span>
              );
            })}
          </li>
        ))}
      </ol>
      {count > SHOWN ? <p className={styles.more}>…and {entryCountText(count - SHOWN)} more.</p> : null}

      <h3 className={styles.heading}>Columns</h3>
      <ul className={styles.facts}>
        {preview.columns.map((c) => (
          <li key={c.field}>
            <strong>{labelOf(c.field)}</strong> from the column “{c.header}”
          </li>
        ))}
      </ul>
      {preview.missingFields.length > 0 ? (
        <p className={styles.fact}>
          Not in the file, so left empty: {listText(preview.missingFields.map(labelOf))}.
        </p>
      ) : null}
      {preview.ignoredColumns.length > 0 ? (
        <p className={styles.fact}>
          Not imported, as SAM has no place for {preview.ignoredColumns.length === 1 ? 'it' : 'them'}:{' '}
          {listText(preview.ignoredColumns.map((h) => `“${h}”`))}.
        </p>
      ) : null}
      {preview.skippedRows.length > 0 ? (
        <p className={styles.fact}>
          Left out: {preview.skippedRows.length === 1 ? 'row' : 'rows'}{' '}
          {listText(preview.skippedRows.map(String))} {preview.skippedRows.length === 1 ? 'has' : 'have'}{' '}
          nothing in the “{mainHeader}” column.
        </p>
      ) : null}
      <p className={styles.fact}>
        Read as {preview.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'} text, with columns separated by{' '}
        {CSV_SEPARATOR_NAMES[preview.separator]}.
      </p>

      <p className={styles.choice}>
        {hasEntries
          ? `Append adds these ${entryCountText(count)} after your ${entryCountText(currentCount)}. Replace puts them in place of all ${entryCountText(currentCount)}. Either way, your inventory as it is now is kept under “Earlier versions”, so you can undo this.`
          : `Import adds these ${entryCountText(count)} to your ${label} inventory. You can undo it afterwards.`}
      </p>
      {error ? <Message tone="danger">{error}</Message> : null}
    </Modal>
  );
}
