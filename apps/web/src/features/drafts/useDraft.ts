import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataCipher, useSession } from '../auth/index.ts';
import { type DraftStore, encryptedDraftStore, memoryDraftStore } from './draftStore.ts';

/** How long typing may go on before the draft is written (a reload loses at most this much). */
export const DRAFT_WRITE_DELAY_MS = 250;

/**
 * Where this person's drafts are kept: encrypted under their data key when signed in (null until the key
 * is in this browser), in page memory for a visitor.
 */
export function useDraftStore(): DraftStore | null {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const userId = user?.id ?? null;
  return useMemo(() => {
    if (!userId) return memoryDraftStore;
    return cipher ? encryptedDraftStore(cipher, userId) : null;
  }, [userId, cipher]);
}

export type Draft<T> = {
  /** A draft was found and put into the form; show "Draft restored · Discard". */
  restored: boolean;
  /** Keep `value` as the draft (written shortly after the last call). */
  keep(value: T): void;
  /** The draft is saved or given up: delete it. */
  clear(): Promise<void>;
  /** Hide the restored note, keeping the draft. */
  acknowledge(): void;
};

/** Where a restored draft comes from: typed by a visitor who has since signed in, or kept on this device. */
export type DraftOrigin = 'visit' | 'device';

/**
 * A form's draft at `place` (null: none for now). On mount, a draft left by a visitor on this page (who
 * has since signed in) or by an earlier visit is handed to `restore` once, before the person types; a
 * draft that `isSaved` says holds only what is saved already is deleted instead. Then
 * every `keep` is written, coalesced, and flushed when the page is hidden or left.
 */
export function useDraft<T>(
  place: string | null,
  restore: (value: T, origin: DraftOrigin) => void,
  isSaved?: (value: T, origin: DraftOrigin) => boolean,
): Draft<T> {
  const store = useDraftStore();
  const [restored, setRestored] = useState(false);
  const restoreRef = useRef({ restore, isSaved });
  restoreRef.current = { restore, isSaved };
  const typed = useRef(false);
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (!next || !store || !place) return chain.current;
    pending.current = null;
    chain.current = chain.current
      .then(() => store.write(place, next.value))
      .catch((error) => console.warn('Could not keep the draft on this device', error));
    return chain.current;
  }, [store, place]);

  useEffect(() => {
    if (!store || !place) return;
    let current = true;
    void (async () => {
      // A visitor's draft moves into this person's store once they have signed in on the page.
      const fromVisit = store === memoryDraftStore ? null : await memoryDraftStore.read<T>(place);
      const found = fromVisit ?? (await store.read<T>(place).catch(() => null));
      if (fromVisit !== null) {
        await store.write(place, fromVisit).catch(() => undefined);
        await memoryDraftStore.remove(place);
      }
      if (!current || found === null || typed.current) return;
      const origin = fromVisit !== null ? 'visit' : 'device';
      if (restoreRef.current.isSaved?.(found, origin)) {
        await store.remove(place).catch(() => undefined);
        return;
      }
      restoreRef.current.restore(found, origin);
      setRestored(true);
    })();
    return () => {
      current = false;
    };
  }, [store, place]);

  useEffect(() => {
    // beforeunload comes first on a reload or a closed tab: the write starts while the page can still run.
    const hide = () => void flush();
    window.addEventListener('beforeunload', hide);
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', hide);
    return () => {
      window.removeEventListener('beforeunload', hide);
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', hide);
      void flush();
    };
  }, [flush]);

  const keep = useCallback(
    (value: T) => {
      typed.current = true;
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_WRITE_DELAY_MS);
    },
    [flush],
  );

  const clear = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    setRestored(false);
    if (!store || !place) return;
    const target = place;
    chain.current = chain.current.then(() => store.remove(target)).catch(() => undefined);
    await chain.current;
  }, [store, place]);

  const acknowledge = useCallback(() => setRestored(false), []);
  return useMemo(() => ({ restored, keep, clear, acknowledge }), [restored, keep, clear, acknowledge]);
}
