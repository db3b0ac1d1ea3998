import {
  addEntry,
  completedCheckboxDisabled,
  type EntryRecord,
  INVENTORY_LABELS,
  INVENTORY_MESSAGES,
  type InventoryState,
  type InventoryType,
  isEntryComplete,
  mainField,
  quickAddEntry,
  removeEntry,
  replaceEntry,
  setInventoryCompleted,
  textValue,
} from '@sam/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message, type Tone } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { DraftRestoredNote } from '../drafts/DraftRestoredNote.tsx';
import { SaveStatus } from '../drafts/SaveStatus.tsx';
import { sameContent } from '../drafts/sameContent.ts';
import { useUnsavedWork } from '../drafts/unsavedWork.ts';
import { useAutosave } from '../drafts/useAutosave.ts';
import { useConfirmDiscard } from '../drafts/useCloseGuard.ts';
import { useDraft, useDraftStore } from '../drafts/useDraft.ts';
import { LockedWritingPanel } from '../recovery/LockedWritingPanel.tsx';
import { CsvTools } from './CsvTools.tsx';
import { EarlierVersions } from './EarlierVersions.tsx';
import { EntryForm, entryDraftPlace } from './EntryForm.tsx';
import { EntryRow } from './EntryRow.tsx';
import { HelpButton } from './HelpButton.tsx';
import styles from './inventory.module.css';
import { QuickAdd } from './QuickAdd.tsx';
import { useInventory, useSaveInventory } from './useInventory.ts';

export const SAVE_FAILED =
  'Failed to save your inventory. Your change is kept on this device and SAM will try again.';

const newId = () => globalThis.crypto.randomUUID();

/** One tab: loads and decrypts the inventory, then shows the editor. */
export function InventoryPanel({ type }: { type: InventoryType }) {
  const load = useInventory(type);
  if (load.status === 'loading') return <Spinner message="Loading your inventory..." />;
  if (load.status === 'error') return <Message tone="danger">{load.message}</Message>;
  if (load.status === 'decrypt-error') return <LockedWritingPanel item={{ kind: 'inventory', type }} />;
  return <InventoryEditor type={type} initial={load.state} />;
}

function InventoryEditor({ type, initial }: { type: InventoryType; initial: InventoryState }) {
  const dialogs = useDialogs();
  const mayDiscard = useConfirmDiscard();
  const { save, startOver } = useSaveInventory(type);
  const [state, setStateRaw] = useState(initial);
  const stateRef = useRef(state);
  const setState = useCallback((next: InventoryState) => {
    stateRef.current = next;
    setStateRaw(next);
  }, []);
  const [warning, setWarning] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: Tone; text: string } | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [editingId, setEditingId] = useState<string | null>(null);
  /** The row whose Edit button gets focus back when its form closes. */
  const [focusRowId, setFocusRowId] = useState<string | null>(null);
  const drafts = useDraftStore();
  const [busy, setBusy] = useState(false);
  const label = INVENTORY_LABELS[type];

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  // An entry edited and not saved when the dialog closed (or the page went away) opens again with its draft.
  const entryIds = useRef(new Set(initial.entries.map((e) => e.id)));
  useEffect(() => {
    if (!drafts) return;
    let current = true;
    const prefix = entryDraftPlace(type, '');
    void drafts.places(prefix).then((places) => {
      const id = places.map((p) => p.slice(prefix.length)).find((entryId) => entryIds.current.has(entryId));
      if (current && id) setEditingId((open) => open ?? id);
    });
    return () => {
      current = false;
    };
  }, [drafts, type]);
  const flash = useCallback((tone: Tone, text: string, ms: number) => {
    clearTimeout(noticeTimer.current);
    setNotice({ tone, text });
    noticeTimer.current = setTimeout(() => setNotice(null), ms);
  }, []);

  // A change not saved yet (offline, a failure) is kept as an encrypted draft of the whole inventory,
  // saved again when the browser is back online, and restored if the dialog or page is closed meanwhile.
  const kept = useDraft<InventoryState>(
    `inventory:${type}:unsaved`,
    (restored) => setState(restored),
    (restored) => sameContent(restored, initial),
  );
  const autosave = useAutosave(
    async () => {
      const saving = stateRef.current;
      await save(saving);
      if (stateRef.current === saving) void kept.clear();
    },
    { enabled: true, failureText: SAVE_FAILED },
  );
  useUnsavedWork({ unsaved: autosave.unsaved, flush: autosave.flush, keptOn: 'device' });

  /** Shows `next` at once and saves it; if that fails it stays on screen, kept, and is saved again later. */
  const persist = useCallback(
    async (next: InventoryState): Promise<boolean> => {
      setState(next);
      setWarning(null);
      kept.keep(next);
      autosave.changed();
      return autosave.flush();
    },
    [autosave, kept, setState],
  );

  const onQuickAdd = useCallback(
    async (name: string) => {
      // A blank name is ignored (spec part 2 §5).
      const entry = quickAddEntry(type, name, newId());
      return entry ? persist(addEntry(type, stateRef.current, entry)) : true;
    },
    [persist, type],
  );

  const onEdit = useCallback((id: string) => {
    setFocusRowId(null);
    setEditingId(id);
  }, []);

  const onEntryClosed = useCallback((id: string) => {
    setEditingId(null);
    setFocusRowId(id);
  }, []);

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
    const hadUnsaved = autosave.unsaved();
    const ok = await persist(result.state);
    if (ok) return;
    // The checkbox goes back on a failed save; changes made before it stay kept and waiting to be saved.
    const reverted = { ...stateRef.current, completed: before.completed };
    setState(reverted);
    if (hadUnsaved) {
      kept.keep(reverted);
    } else {
      autosave.reset();
      await kept.clear();
    }
    setWarning(INVENTORY_MESSAGES.completedNotSaved);
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
      setWarning(null);
    } catch (e) {
      console.warn('Start over failed', e);
      flash('danger', 'Failed to delete your inventory. Nothing was deleted; please try again.', 8000);
    } finally {
      setBusy(false);
    }
  };

  /** Replaces the inventory with `next` (an import): shown at once, and back as it was if the save fails. */
  const apply = useCallback(
    async (next: InventoryState) => {
      setBusy(true);
      setEditingId(null);
      const before = stateRef.current;
      setState(next);
      try {
        await save(next);
      } catch (e) {
        setState(before);
        throw e;
      } finally {
        setBusy(false);
      }
    },
    [save, setState],
  );

  const incomplete = state.entries.filter((e) => !isEntryComplete(type, e)).length;
  /** What the tools that change the whole inventory at once (CSV import, earlier versions) work on. */
  const wholeInventoryTools = {
    type,
    entries: state.entries,
    completed: state.completed,
    disabled: busy,
    apply,
    notify: flash,
  };

  return (
    <div className={styles.panel}>
      {kept.restored ? (
        <DraftRestoredNote
          hint="Changes to this inventory that were not saved are back. They are saved with your next change."
          onDiscard={async () => {
            if (!(await mayDiscard())) return;
            setState(initial);
            autosave.reset();
            await kept.clear();
          }}
        />
      ) : null}
      <div className={styles.toolbar}>
        <CsvTools {...wholeInventoryTools} />
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
      <EarlierVersions {...wholeInventoryTools} />
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
      <QuickAdd type={type} onAdd={onQuickAdd}>
        <SaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />
      </QuickAdd>
      <p className={styles.count}>
        {state.entries.length === 0
          ? 'No entries yet.'
          : `${state.entries.length} ${state.entries.length === 1 ? 'entry' : 'entries'}${incomplete > 0 ? `, ${incomplete} needing more detail` : ''}.`}
      </p>
      <ul className={styles.list} aria-label={`${label} entries`}>
        {state.entries.map((entry) =>
          editingId === entry.id ? (
            <li key={entry.id} className={styles.row}>
              <EntryForm
                type={type}
                entry={entry}
                onSave={onSaveEntry}
                onClose={() => onEntryClosed(entry.id)}
              />
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
    </div>
  );
}
