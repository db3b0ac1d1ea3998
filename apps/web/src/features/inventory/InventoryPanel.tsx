import {
  addEntry,
  CSV_FAILURE_CLEAR_MS,
  CSV_MESSAGES,
  CSV_SUCCESS_CLEAR_MS,
  completedCheckboxDisabled,
  type EntryRecord,
  exportInventoryCsv,
  INVENTORY_FIELDS,
  INVENTORY_LABELS,
  INVENTORY_MESSAGES,
  type InventoryState,
  type InventoryType,
  importInventoryCsv,
  inventoryCsvFileName,
  isEntryComplete,
  listValue,
  mainField,
  optionLabel,
  quickAddEntry,
  removeEntry,
  replaceEntry,
  setInventoryCompleted,
  textValue,
} from '@sam/core';
import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import fieldStyles from '../../ui/fields.module.css';
import { Message, type Tone } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useContentHelp } from '../content/index.ts';
import { EntryForm } from './EntryForm.tsx';
import styles from './inventory.module.css';
import { useInventory, useSaveInventory } from './useInventory.ts';

export const INVENTORY_CONTENT = 'inventories';
export const SAVE_FAILED =
  'Failed to save your inventory. Your change is still on this screen; please try again.';

const QUICK_ADD_LABEL: Record<InventoryType, string> = {
  resentments: 'Add a resentment: who or what do you resent?',
  fears: 'Add a fear: what are you afraid of?',
  harms: 'Add a harm: who did you harm?',
};

const newId = () => globalThis.crypto.randomUUID();

/** A '?' button opening a help section of public/content/inventories.md. */
export function HelpButton({ tag, label }: { tag: string; label: string }) {
  const showHelp = useContentHelp();
  return (
    <button
      type="button"
      className={styles.helpButton}
      aria-label={`Help: ${label}`}
      onClick={() => void showHelp(INVENTORY_CONTENT, tag)}
    >
      ?
    </button>
  );
}

/** One tab: loads and decrypts the inventory, then shows the editor. */
export function InventoryPanel({ type }: { type: InventoryType }) {
  const load = useInventory(type);
  if (load.status === 'loading') return <Spinner message="Loading your inventory..." />;
  if (load.status === 'error') return <Message tone="danger">{load.message}</Message>;
  return <InventoryEditor type={type} initial={load.state} />;
}

function InventoryEditor({ type, initial }: { type: InventoryType; initial: InventoryState }) {
  const dialogs = useDialogs();
  const { save, startOver } = useSaveInventory(type);
  const [state, setStateRaw] = useState(initial);
  const stateRef = useRef(state);
  const setState = useCallback((next: InventoryState) => {
    stateRef.current = next;
    setStateRaw(next);
  }, []);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: Tone; text: string } | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const label = INVENTORY_LABELS[type];

  useEffect(() => () => clearTimeout(noticeTimer.current), []);
  const flash = useCallback((tone: Tone, text: string, ms: number) => {
    clearTimeout(noticeTimer.current);
    setNotice({ tone, text });
    noticeTimer.current = setTimeout(() => setNotice(null), ms);
  }, []);

  /** Shows `next` at once and saves it; a failure keeps it on screen with an error. */
  const persist = useCallback(
    async (next: InventoryState): Promise<boolean> => {
      setState(next);
      setWarning(null);
      try {
        await save(next);
        setError(null);
        return true;
      } catch (e) {
        console.warn('Inventory save failed', e);
        setError(SAVE_FAILED);
        return false;
      }
    },
    [save, setState],
  );

  const onQuickAdd = useCallback(
    async (name: string) => {
      // A blank name is ignored (spec part 2 §5).
      const entry = quickAddEntry(type, name, newId());
      if (entry) await persist(addEntry(type, stateRef.current, entry));
    },
    [persist, type],
  );

  const onSaveEntry = useCallback(
    (entry: EntryRecord) => persist(replaceEntry(type, stateRef.current, entry)),
    [persist, type],
  );

  const onDelete = useCallback(
    async (entry: EntryRecord) => {
      const name = textValue(entry, mainField(type).key);
      const yes = await dialogs.confirm({
        title: 'Delete this entry?',
        message: `"${name}" will be removed from your ${label} inventory. This cannot be undone.`,
        variant: 'danger',
        confirmText: 'Delete',
        cancelText: 'Cancel',
      });
      if (!yes) return;
      await persist(removeEntry(stateRef.current, entry.id));
    },
    [dialogs, label, persist, type],
  );

  const onCompleted = async (checked: boolean) => {
    const before = stateRef.current;
    const result = setInventoryCompleted(type, before, checked);
    if (!result.ok) {
      setWarning(result.warning);
      return;
    }
    const ok = await persist(result.state);
    // The checkbox reverts on a save failure (spec part 2 §4).
    if (!ok) setState({ ...stateRef.current, completed: before.completed });
  };

  const onStartOver = async () => {
    const yes = await dialogs.confirm({
      title: `Start over your ${label} inventory?`,
      message: `This deletes all ${state.entries.length} entries of your ${label} inventory and marks it not completed. This cannot be undone. You may want to download it first.`,
      variant: 'danger',
      confirmText: 'Delete everything',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy(true);
    try {
      await startOver();
      setState({ entries: [], completed: false });
      setEditingId(null);
      setError(null);
      setWarning(null);
    } catch (e) {
      console.warn('Start over failed', e);
      setError('Failed to delete your inventory. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const onDownload = () => {
    // Made here and handed to the browser as a file: the CSV is never sent anywhere.
    const csv = `\uFEFF${exportInventoryCsv(type, stateRef.current.entries)}`;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = inventoryCsvFileName(type, new Date());
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let text = '';
    try {
      text = await file.text();
    } catch {
      text = '';
    }
    const result = importInventoryCsv(type, file.name, text, newId);
    if (!result.ok) {
      flash('danger', result.message, CSV_FAILURE_CLEAR_MS);
      return;
    }
    const current = stateRef.current.entries.length;
    const yes = await dialogs.confirm({
      title: `Replace your ${label} inventory?`,
      message: `Importing replaces your whole ${label} inventory${current > 0 ? ` (${current} entries now)` : ''} with the ${result.entries.length} entries in "${file.name}".`,
      variant: 'danger',
      confirmText: 'Replace',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy(true);
    setEditingId(null);
    const before = stateRef.current;
    try {
      // The import replaces the whole inventory (spec part 2 §5), not yet marked completed.
      setState({ entries: result.entries, completed: false });
      await save({ entries: result.entries, completed: false });
      setError(null);
      flash('success', result.message, CSV_SUCCESS_CLEAR_MS);
    } catch (e) {
      // Nothing was replaced on the server, so the screen goes back to what is saved.
      setState(before);
      flash('danger', CSV_MESSAGES.failed(e instanceof Error ? e.message : String(e)), CSV_FAILURE_CLEAR_MS);
    } finally {
      setBusy(false);
    }
  };

  const incomplete = state.entries.filter((e) => !isEntryComplete(type, e)).length;

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <Button variant="secondary" size="sm" onClick={onDownload} disabled={state.entries.length === 0}>
          Download (CSV)
        </Button>
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={busy}>
          Upload (CSV)
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className={styles.fileInput}
          aria-label={`Upload a CSV file for your ${label} inventory`}
          tabIndex={-1}
          onChange={(e) => void onFile(e)}
        />
        <HelpButton tag="csv-help" label="Download and upload" />
        <Button
          variant="danger"
          size="sm"
          onClick={() => void onStartOver()}
          disabled={busy || state.entries.length === 0}
        >
          Start Over
        </Button>
      </div>
      {notice ? <Message tone={notice.tone}>{notice.text}</Message> : null}
      {error ? <Message tone="danger">{error}</Message> : null}
      <div className={styles.completedRow}>
        <CheckboxField
          label="Completed"
          checked={state.completed}
          disabled={completedCheckboxDisabled(state)}
          onCheckedChange={(v) => void onCompleted(v)}
        />
        <HelpButton tag="completed-help" label="Completed" />
      </div>
      {warning ? <Message tone="warning">{warning}</Message> : null}
      <QuickAdd type={type} onAdd={onQuickAdd} />
      <p className={styles.count}>
        {state.entries.length === 0
          ? 'No entries yet.'
          : `${state.entries.length} ${state.entries.length === 1 ? 'entry' : 'entries'}${incomplete > 0 ? `, ${incomplete} needing more detail` : ''}.`}
      </p>
      <ul className={styles.list} aria-label={`${label} entries`}>
        {state.entries.map((entry) =>
          editingId === entry.id ? (
            <li key={entry.id} className={styles.row}>
              <EntryForm type={type} entry={entry} onSave={onSaveEntry} onCancel={() => setEditingId(null)} />
            </li>
          ) : (
            <EntryRow key={entry.id} type={type} entry={entry} onEdit={setEditingId} onDelete={onDelete} />
          ),
        )}
      </ul>
    </div>
  );
}

/** Its own state, so typing re-renders only this form, not the list. */
function QuickAdd({ type, onAdd }: { type: InventoryType; onAdd: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const id = useId();
  return (
    <form
      className={styles.quickAdd}
      onSubmit={(e) => {
        e.preventDefault();
        const value = name;
        setName('');
        void onAdd(value);
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
          maxLength={10_000}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit">Add</Button>
      </div>
    </form>
  );
}

type RowProps = {
  type: InventoryType;
  entry: EntryRecord;
  onEdit: (id: string) => void;
  onDelete: (entry: EntryRecord) => void;
};

/** A collapsed row; its details are rendered only while expanded. */
const EntryRow = memo(function EntryRow({ type, entry, onEdit, onDelete }: RowProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const main = textValue(entry, mainField(type).key) || 'Unknown';
  const complete = isEntryComplete(type, entry);
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
          <Button variant="secondary" size="sm" onClick={() => onEdit(entry.id)} aria-label={`Edit ${main}`}>
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
