import {
  addEntry,
  type EntryRecord,
  entryCountText,
  INVENTORY_LABELS,
  INVENTORY_MESSAGES,
  type InventoryState,
  type InventoryType,
  mainField,
  quickAddEntry,
  removeEntry,
  replaceEntry,
  setInventoryCompleted,
  textValue,
} from '@sam/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDialogs } from '../../ui/dialogs/index.ts';
import type { Tone } from '../../ui/Message.tsx';
import {
  sameContent,
  useAutosave,
  useConfirmDiscard,
  useDraft,
  useDraftStore,
  useUnsavedWork,
} from '../drafts/index.ts';
import { entryDraftPlace } from './EntryForm.tsx';
import type { WholeInventoryToolProps } from './earlierVersions.ts';
import { newEntryId } from './entryId.ts';
import { useSaveInventory } from './useInventory.ts';

export const SAVE_FAILED =
  'Failed to save your inventory. Your change is kept on this device and SAM will try again.';

/**
 * Everything one inventory tab does with what the person writes: the inventory as shown, saved at once on
 * every change (kept as an encrypted draft and saved again later when that fails), the entry being edited,
 * the Completed flag, Start Over, and the whole-inventory changes of the CSV import and earlier versions.
 */
export function useInventoryEditor(type: InventoryType, initial: InventoryState) {
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
      // A blank name adds nothing (quickAddEntry gives null): an entry starts with its name.
      const entry = quickAddEntry(type, name, newEntryId());
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
        message: `“${name}” will be removed from your ${label} inventory. This cannot be undone.`,
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
      message: `This deletes ${state.entries.length === 1 ? 'the one entry' : `all ${entryCountText(state.entries.length)}`} of your ${label} inventory and marks it not completed. This cannot be undone. You may want to download it first.`,
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

  /** "Draft restored · Discard": asks first, then the inventory as saved comes back. */
  const discardRestored = async () => {
    if (!(await mayDiscard())) return;
    setState(initial);
    autosave.reset();
    await kept.clear();
  };

  /** What the tools that change the whole inventory at once (CSV import, earlier versions) work on. */
  const wholeInventoryTools: WholeInventoryToolProps = {
    type,
    entries: state.entries,
    completed: state.completed,
    disabled: busy,
    apply,
    notify: flash,
  };

  return {
    state,
    warning,
    notice,
    editingId,
    focusRowId,
    /** Unsaved changes from before were put back into the inventory. */
    draftRestored: kept.restored,
    discardRestored,
    /** Where saving the last change stands, and a retry. */
    saveState: autosave.state,
    retrySave: () => void autosave.flush(),
    wholeInventoryTools,
    onQuickAdd,
    onEdit,
    onEntryClosed,
    onSaveEntry,
    onDelete,
    onCompleted,
    onStartOver,
  };
}
