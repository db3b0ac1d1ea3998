/** What other features use from drafts: they import it from here, never its files. */
export { DRAFT_MESSAGES, DraftRestoredNote } from './DraftRestoredNote.tsx';
export { clearDrafts, storedDraftPlaces } from './draftStore.ts';
export { SaveStatus } from './SaveStatus.tsx';
export { sameContent } from './sameContent.ts';
export type { UnsavedWorkRegistry } from './unsavedWork.ts';
export {
  LEAVE_WITHOUT_ASKING,
  saveWhatCanBeSaved,
  UnsavedWorkScope,
  useUnsavedWork,
  useUnsavedWorkRegistry,
} from './unsavedWork.ts';
export type { SaveState } from './useAutosave.ts';
export { useAutosave } from './useAutosave.ts';
export { useCloseGuard, useConfirmDiscard } from './useCloseGuard.ts';
export type { DraftOrigin } from './useDraft.ts';
export { useDraft, useDraftStore } from './useDraft.ts';
