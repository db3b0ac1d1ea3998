import {
  actionsForSave,
  completionChangeNotice,
  type InventoryCompletion,
  isStepComplete,
  recheckActions,
  STEP_MESSAGES,
  type StepDefinition,
  type StepPrivateData,
} from '@sam/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type DraftOrigin,
  type SaveState,
  sameContent,
  useAutosave,
  useDraft,
  useUnsavedWork,
} from '../drafts/index.ts';
import { useInventoryCompletion } from '../inventory/index.ts';
import { mergeVisitorDraft, normalizeDraft, type StepDraft, stepPlace } from './stepState.ts';
import { useSaveStep } from './useProgress.ts';

/** The parts of a step page that save: where the save status is shown is the part last changed. */
export type StepSection =
  | 'actions'
  | 'step1'
  | 'questions'
  | 'prayer'
  | 'step4'
  | 'step5'
  | 'step6'
  | 'step7';

export type StepEditor = {
  draft: StepDraft;
  /** Typing: the working copy changes, is kept as an encrypted draft and saved after a pause. */
  update(section: StepSection, change: (draft: StepDraft) => StepDraft): void;
  /** Saves now (a Save button, a box ticked); true once saved. */
  saveNow(section: StepSection, change?: (draft: StepDraft) => StepDraft): Promise<boolean>;
  /** Fills the working copy from other data (not typing): nothing is saved or kept as a draft for it. */
  derive(change: (draft: StepDraft) => StepDraft): void;
  /** Where saving stands, and for which part of the page. */
  save: { state: SaveState; section: StepSection | null; retry(): void };
  /** A visitor pressed Save: they need to log in first. */
  signedOutSection: StepSection | null;
  /** Why an action or the step is no longer done after a save. */
  notice: string | null;
  dismissNotice(): void;
  /** A draft from before was put back into the page. */
  draftRestored: boolean;
  discardDraft(): void;
  /** Step 4's rule reads the inventories' completion (null until known, or for other steps). */
  inventories: InventoryCompletion | null;
  /**
   * Actions a save ticked by itself (step 2's answers): they stay open, so what was just written stays in
   * view, until the person folds them.
   */
  autoTicked: ReadonlySet<number>;
  foldAutoTicked(): void;
};

const NONE: ReadonlySet<number> = new Set();

/**
 * Everything a step page does with what the person writes: a working copy, an encrypted draft of it
 * (restored after a reload, a crash or a sign-in), autosave after a pause, the completion rules checked
 * again on every save (with a notice when an action stops being done), and the leave guard.
 */
export function useStepEditor(step: StepDefinition, initial: StepDraft, signedIn: boolean): StepEditor {
  const saveStep = useSaveStep(step);
  const inventories = useInventoryCompletion(signedIn && step.number === 4);
  const inventoriesRef = useRef(inventories);
  inventoriesRef.current = inventories;
  const [draft, setDraftState] = useState(initial);
  const draftRef = useRef(draft);
  const saved = useRef(initial);
  const [section, setSection] = useState<StepSection | null>(null);
  const [signedOutSection, setSignedOutSection] = useState<StepSection | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [autoTicked, setAutoTicked] = useState(NONE);
  /** Answers changed since the last save: a save may then tick an auto-completing action. */
  const answersChanged = useRef(false);

  const setDraft = useCallback((next: StepDraft) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  // A visitor typed only some fields: they go over what is saved, field by field.
  const fromDraft = (restored: StepPrivateData, origin: DraftOrigin) =>
    origin === 'visit' ? mergeVisitorDraft(draftRef.current.data, restored) : restored;
  const kept = useDraft<StepPrivateData>(
    stepPlace(step.number),
    (restored, origin) => setDraft({ ...draftRef.current, data: fromDraft(restored, origin) }),
    (restored, origin) => sameContent(fromDraft(restored, origin), saved.current.data),
  );

  const runSave = useCallback(async () => {
    const snapshot = draftRef.current;
    const wasComplete = isStepComplete(step, saved.current.actions);
    const context = { data: snapshot.data, inventories: inventoriesRef.current };
    const flags = actionsForSave(step, snapshot.actions, context, { autoComplete: answersChanged.current });
    answersChanged.current = false;
    const record = await saveStep({ actions: flags.actions, data: snapshot.data }, flags.changed);
    const stored = normalizeDraft(step, { actions: record.data.actions, data: snapshot.data });
    saved.current = stored;
    const ticked = flags.changed.filter((c) => c.completed).map((c) => c.action_id);
    if (ticked.length > 0) setAutoTicked((open) => new Set([...open, ...ticked]));
    // Ticks made meanwhile stay; otherwise the page shows the flags as the rules left them.
    const current = draftRef.current;
    if (sameContent(current.actions, snapshot.actions)) setDraft({ ...current, actions: stored.actions });
    const why = completionChangeNotice(step, flags.unticked, wasComplete);
    if (why) setNotice(why);
    // Not awaited: the writing is saved, and a draft left by a reload meanwhile is dropped as equal.
    if (sameContent(draftRef.current.data, snapshot.data)) void kept.clear();
  }, [kept, saveStep, setDraft, step]);

  const autosave = useAutosave(runSave, { enabled: signedIn, failureText: STEP_MESSAGES.saveFailedKept });

  useUnsavedWork({
    unsaved: () => (signedIn ? autosave.unsaved() : !sameContent(draftRef.current.data, initial.data)),
    flush: () => autosave.flush(),
    keptOn: signedIn ? 'device' : 'tab',
  });

  const update = useCallback<StepEditor['update']>(
    (part, change) => {
      const next = change(draftRef.current);
      if (part === 'questions') answersChanged.current = true;
      setDraft(next);
      setSection(part);
      kept.keep(next.data);
      autosave.changed();
    },
    [autosave, kept, setDraft],
  );

  const saveNow = useCallback<StepEditor['saveNow']>(
    async (part, change) => {
      setSection(part);
      if (!signedIn) {
        setSignedOutSection(part);
        return false;
      }
      if (change) {
        const next = change(draftRef.current);
        setDraft(next);
        kept.keep(next.data);
      }
      if (part === 'questions') answersChanged.current = true;
      autosave.changed();
      return autosave.flush();
    },
    [autosave, kept, setDraft, signedIn],
  );

  // Step 4: an inventory that stops being complete undoes action 3 (and what follows), here as on the server.
  const saveNowRef = useRef(saveNow);
  saveNowRef.current = saveNow;
  useEffect(() => {
    if (!signedIn || !inventories) return;
    const current = draftRef.current;
    if (recheckActions(step, current.actions, { data: current.data, inventories })) {
      void saveNowRef.current('actions');
    }
  }, [inventories, signedIn, step]);

  const derive = useCallback<StepEditor['derive']>(
    (change) => {
      const next = change(draftRef.current);
      if (next !== draftRef.current) setDraft(next);
    },
    [setDraft],
  );

  const discardDraft = useCallback(() => {
    setDraft({ ...draftRef.current, data: saved.current.data });
    autosave.reset();
    void kept.clear();
  }, [autosave, kept, setDraft]);

  return {
    draft,
    update,
    saveNow,
    derive,
    save: { state: autosave.state, section, retry: () => void autosave.flush() },
    signedOutSection,
    notice,
    dismissNotice: () => setNotice(null),
    draftRestored: kept.restored,
    discardDraft,
    inventories,
    autoTicked,
    foldAutoTicked: () => setAutoTicked(NONE),
  };
}
