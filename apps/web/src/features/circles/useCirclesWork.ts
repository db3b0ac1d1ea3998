import {
  CIRCLES_CONFLICT_CODES,
  CIRCLES_MESSAGES,
  type CirclesVersion,
  type CirclesVersionContent,
  changeTouchesInnerCircle,
  circlesAreEmpty,
  circlesChange,
  circlesChanged,
  describeCirclesChange,
  emptyCircles,
  readableCirclesHistory,
  restoredCirclesContent,
  type StoredCirclesVersion,
  type ThreeCircles,
} from '@sam/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../app/http.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { sameContent, useConfirmDiscard, useDraft, useUnsavedWork } from '../drafts/index.ts';
import { useSaveCircles } from './useCircles.ts';
import { CIRCLES_WORDING as W } from './wording.ts';
import {
  CIRCLES_DRAFT_PLACE,
  type CirclesWork,
  circlesForSave,
  freshWork,
  type SaveProblem,
  SaveProblemError,
  workChange,
  workUnsaved,
} from './workState.ts';

function problemOf(error: unknown): SaveProblem {
  if (error instanceof ApiError && error.status === 409) {
    return { message: error.detail, stale: error.code !== CIRCLES_CONFLICT_CODES.full };
  }
  return { message: errorMessage(error, W.saveFailed), stale: false };
}

/** What a draft holds when it is this page's: the work as the person left it. */
function isWork(value: unknown): value is CirclesWork {
  const work = value as CirclesWork | null;
  return (
    typeof work === 'object' && work !== null && typeof work.circles === 'object' && work.circles !== null
  );
}

/** A note that a save or restore went through, shown at the top (the first save) or by the save panel. */
export type SavedNote = { text: string; where: 'top' | 'panel' };

/**
 * The person's circles with their unsaved work, for the three-circles page: the history, the work in
 * progress (kept as an encrypted draft, guarded when the page is left), and what saving, restoring,
 * reloading after a stale save and discarding do to it.
 */
export function useCirclesWork(versions: StoredCirclesVersion[], reload: () => Promise<unknown>) {
  const dialogs = useDialogs();
  const save = useSaveCircles();
  const mayDiscard = useConfirmDiscard();
  const history = useMemo(() => readableCirclesHistory(versions), [versions]);
  const newest = history[0] ?? null;
  const newestVersion = newest?.version ?? null;
  const newestCircles: ThreeCircles | null = newest ? (newest.content?.circles ?? null) : emptyCircles();
  const editable = newestCircles !== null;

  const [work, setWork] = useState<CirclesWork>(() => freshWork(newestVersion, newestCircles ?? undefined));
  const [openItem, setOpenItem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saved, setSaved] = useState<SavedNote | null>(null);
  const [olderDraft, setOlderDraft] = useState(false);
  const [reloaded, setReloaded] = useState<string | null>(null);
  const savedNote = useRef<HTMLDivElement>(null);
  const unsaved = workUnsaved(work);

  const kept = useDraft<CirclesWork>(
    editable ? CIRCLES_DRAFT_PLACE : null,
    (value) => {
      if (!isWork(value)) return;
      setWork({
        basedOn: newestVersion,
        base: newestCircles ?? emptyCircles(),
        circles: value.circles,
        reason: typeof value.reason === 'string' ? value.reason : '',
      });
      setOlderDraft(value.basedOn !== newestVersion);
    },
    (value) => isWork(value) && sameContent(value.circles, newestCircles) && !value.reason?.trim(),
  );

  // The draft follows the work: kept while something is unsaved, deleted once it is all given up.
  const wasUnsaved = useRef(false);
  useEffect(() => {
    if (unsaved) kept.keep(work);
    else if (wasUnsaved.current) void kept.clear();
    wasUnsaved.current = unsaved;
  }, [work, unsaved, kept]);

  // Nothing unsaved here, and a newer version came in (another window, a reload): show it.
  useEffect(() => {
    if (!unsaved && newestCircles && work.basedOn !== newestVersion) {
      setWork(freshWork(newestVersion, newestCircles));
    }
  }, [unsaved, newestCircles, newestVersion, work.basedOn]);

  useEffect(() => {
    if (saved) savedNote.current?.focus();
  }, [saved]);

  useUnsavedWork({
    unsaved: () => unsaved,
    // A change of the circles is saved only by the person's own Save: the draft keeps it meanwhile.
    flush: async () => !unsaved,
    keptOn: 'device',
  });

  const change = useCallback((update: (circles: ThreeCircles) => ThreeCircles) => {
    setSaved(null);
    setWork((w) => ({ ...w, circles: update(w.circles) }));
  }, []);

  /** Saves `content` as the version after `basedOn`; null when it went through, else why not. */
  const commit = async (
    basedOn: number | null,
    content: CirclesVersionContent,
    done: SavedNote,
  ): Promise<SaveProblem | null> => {
    setSaving(true);
    setProblem(null);
    try {
      const reply = await save(basedOn, content);
      wasUnsaved.current = false;
      await kept.clear();
      setWork(freshWork(reply.version, content.circles));
      setOpenItem(null);
      setOlderDraft(false);
      setReloaded(null);
      setSaved(done);
      return null;
    } catch (error) {
      return problemOf(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    setProblem(null);
    setReloaded(null);
    const ready = circlesForSave(work.circles);
    if (!ready.ok) {
      setProblem({ message: ready.message, stale: false });
      if (ready.itemId) setOpenItem(ready.itemId);
      return;
    }
    const first = work.basedOn === null;
    const changed = circlesChange(work.base, ready.circles);
    if (first && circlesAreEmpty(ready.circles)) {
      setProblem({ message: W.needsOneItem, stale: false });
      return;
    }
    if (!first && !circlesChanged(changed)) return;
    if (!first && changeTouchesInnerCircle(changed)) {
      const go = await dialogs.confirm({
        title: W.innerTitle,
        message: W.innerText,
        variant: 'warning',
        confirmText: W.innerConfirm,
        cancelText: W.keepEditing,
        safeAnswer: 'cancel',
      });
      if (!go) return;
    }
    const reason = work.reason.trim();
    const failed = await commit(
      work.basedOn,
      { circles: ready.circles, ...(reason ? { reason } : {}) },
      { text: CIRCLES_MESSAGES.saved, where: first ? 'top' : 'panel' },
    );
    setProblem(failed);
  };

  const restore = async (entry: CirclesVersion, reason: string) => {
    const failed = await commit(newestVersion, restoredCirclesContent(entry, reason), {
      text: W.restored(entry.version),
      where: 'panel',
    });
    if (failed) throw new SaveProblemError(failed);
  };

  /** After a stale save: the newest versions come in, and the change not saved is named, not dropped silently. */
  const reloadNewest = async () => {
    const lost = describeCirclesChange(workChange(work)).toLowerCase();
    await reload();
    setProblem(null);
    setOpenItem(null);
    setOlderDraft(false);
    setReloaded(W.reloaded(lost));
    setWork((w) => ({ ...w, circles: w.base, reason: '' }));
  };

  const discard = async () => {
    const go = await dialogs.confirm({
      title: W.discardTitle,
      message: W.discardText,
      variant: 'danger',
      confirmText: W.discard,
      cancelText: W.keepEditing,
    });
    if (go) giveUp();
  };

  const discardDraft = async () => {
    if (await mayDiscard()) giveUp();
  };

  function giveUp() {
    setWork(freshWork(newestVersion, newestCircles ?? undefined));
    setOpenItem(null);
    setProblem(null);
    setOlderDraft(false);
    void kept.clear();
  }

  const setReason = useCallback((reason: string) => {
    setSaved(null);
    setWork((w) => ({ ...w, reason }));
  }, []);

  return {
    history,
    newestCircles,
    editable,
    work,
    unsaved,
    change,
    setReason,
    openItem,
    setOpenItem,
    saving,
    problem,
    saved,
    savedNote,
    olderDraft,
    reloaded,
    draftRestored: kept.restored,
    submit,
    restore,
    reloadNewest,
    discard,
    discardDraft,
  };
}
