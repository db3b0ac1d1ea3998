import { createContext, createElement, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';

/** Writing on a page that is not saved yet, as the page's leave guard sees it. */
export type UnsavedWork = {
  /** Whether anything is not saved yet. */
  unsaved(): boolean;
  /** Tries to save it now; true once it is saved. */
  flush(): Promise<boolean>;
  /**
   * Where it stays if the person leaves anyway: 'device' (an encrypted draft brings it back) or 'tab' (a
   * visitor's text, kept in this tab's memory until the tab is closed or reloaded).
   */
  keptOn: 'device' | 'tab';
};

export type UnsavedWorkRegistry = {
  add(work: UnsavedWork): () => void;
  /** The registered work that is not saved yet. */
  pending(): UnsavedWork[];
};

/**
 * A navigation's state that passes the leave guard: the person already decided (Logout, after its own
 * question about unsaved writing).
 */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

export const UnsavedWorkContext = createContext<UnsavedWorkRegistry | null>(null);

/** A registry that also hands every registration to `parent` (the app's leave guard). */
export function unsavedWorkRegistry(parent: UnsavedWorkRegistry | null): UnsavedWorkRegistry {
  const works = new Set<UnsavedWork>();
  return {
    add(work) {
      works.add(work);
      const removeFromParent = parent?.add(work);
      return () => {
        works.delete(work);
        removeFromParent?.();
      };
    },
    pending: () => [...works].filter((w) => w.unsaved()),
  };
}

/**
 * Tries to save all the registered work that is not saved yet, and gives back what is still not saved
 * (offline, a failure, a form that waits for its own Save button). With `waitMs`, a save that takes longer
 * counts as not saved, so a close is never held up by a slow network for more than that.
 */
export async function saveWhatCanBeSaved(
  registry: UnsavedWorkRegistry,
  options: { waitMs?: number } = {},
): Promise<UnsavedWork[]> {
  const waiting = registry.pending();
  const flushes = waiting.map((work) => work.flush().catch(() => false));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<false>((resolve) => {
    if (options.waitMs !== undefined) timer = setTimeout(() => resolve(false), options.waitMs);
  });
  const saved = await Promise.all(flushes.map((flush) => Promise.race([flush, tooLong])));
  clearTimeout(timer);
  return waiting.filter((_, i) => !saved[i]);
}

/**
 * A part of the page (a dialog) that needs to know whether the forms inside it hold unsaved writing,
 * for example to ask before it closes. `scope` is filled with its registry.
 */
export function UnsavedWorkScope({
  scope,
  children,
}: {
  scope: { current: UnsavedWorkRegistry | null };
  children: ReactNode;
}) {
  const parent = useContext(UnsavedWorkContext);
  const registry = useMemo(() => unsavedWorkRegistry(parent), [parent]);
  scope.current = registry;
  return createElement(UnsavedWorkContext.Provider, { value: registry }, children);
}

/** The registry of the part of the page the caller is in (the app's, outside any dialog), or null. */
export function useUnsavedWorkRegistry(): UnsavedWorkRegistry | null {
  return useContext(UnsavedWorkContext);
}

/** Registers a form's unsaved writing for as long as the calling component lives. */
export function useUnsavedWork(work: UnsavedWork): void {
  const registry = useContext(UnsavedWorkContext);
  const ref = useRef(work);
  ref.current = work;
  useEffect(() => {
    if (!registry) return;
    return registry.add({
      unsaved: () => ref.current.unsaved(),
      flush: () => ref.current.flush(),
      get keptOn() {
        return ref.current.keptOn;
      },
    });
  }, [registry]);
}
