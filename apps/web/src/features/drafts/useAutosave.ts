import { FieldLimitError } from '@sam/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../app/http.ts';

/** The pause after the last change before it is saved. */
export const AUTOSAVE_DELAY_MS = 1500;
/** After a failure that is not the person's to fix, saving is tried again after these pauses. */
export const AUTOSAVE_RETRY_MS = [5_000, 20_000, 60_000] as const;

export type SaveState =
  | { kind: 'idle' }
  /** Changes wait for the pause. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** No connection: saving waits for the browser to be back online. */
  | { kind: 'offline' }
  /** `fixable`: only the person can fix it (text over a limit, signed out); no automatic retry. */
  | { kind: 'failed'; message: string; fixable: boolean };

export type Autosave = {
  state: SaveState;
  /** Something changed: save after the pause. */
  changed(): void;
  /** Save now (a Save button, leaving the page); true once everything is saved. */
  flush(): Promise<boolean>;
  /** Whether anything is not saved yet. */
  unsaved(): boolean;
  /** The changes were given up (a draft discarded): nothing is waiting to be saved any more. */
  reset(): void;
};

function isOffline(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 0) || globalThis.navigator?.onLine === false;
}

/** What went wrong, in words a person can act on. */
export function saveFailure(error: unknown, fallback: string): { message: string; fixable: boolean } {
  if (error instanceof FieldLimitError) return { message: error.message, fixable: true };
  if (error instanceof ApiError && error.status === 401) {
    return {
      message: 'You are signed out, so this could not be saved. Sign in again; your writing stays here.',
      fixable: true,
    };
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return { message: error.detail || fallback, fixable: true };
  }
  return { message: fallback, fixable: false };
}

/**
 * Saves after a pause in typing, one save at a time, and keeps trying: offline it waits for the browser to
 * come back online, after a server failure it retries a few times, and a new change always tries again.
 * `save` reads the latest content itself; `failureText` is shown when the server gives no reason.
 */
export function useAutosave(
  save: () => Promise<void>,
  {
    enabled,
    failureText,
    delayMs = AUTOSAVE_DELAY_MS,
  }: { enabled: boolean; failureText: string; delayMs?: number },
): Autosave {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const saveRef = useRef(save);
  saveRef.current = save;
  const dirty = useRef(false);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retries = useRef(0);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  const schedule = useCallback((ms: number, run: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  }, []);

  const run = useCallback(async (): Promise<void> => {
    if (running.current) {
      await running.current;
      if (dirty.current) return run();
      return;
    }
    if (!dirty.current || !enabledRef.current) return;
    clearTimeout(timer.current);
    dirty.current = false;
    setState({ kind: 'saving' });
    const attempt = (async (): Promise<boolean> => {
      try {
        await saveRef.current();
        retries.current = 0;
        setState(dirty.current ? { kind: 'pending' } : { kind: 'saved', at: new Date() });
        return true;
      } catch (error) {
        dirty.current = true;
        if (isOffline(error)) {
          setState({ kind: 'offline' });
          return false;
        }
        const failure = saveFailure(error, failureText);
        setState({ kind: 'failed', ...failure });
        const wait = AUTOSAVE_RETRY_MS[retries.current];
        if (!failure.fixable && wait !== undefined) {
          retries.current += 1;
          schedule(wait, () => void run());
        }
        return false;
      }
    })();
    running.current = attempt.then(() => undefined);
    let saved = false;
    try {
      saved = await attempt;
    } finally {
      running.current = null;
    }
    // Typing went on during the save: the newer text is saved after its own pause.
    if (saved && dirty.current) schedule(delayMs, () => void run());
  }, [delayMs, failureText, schedule]);

  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const online = () => {
      if (dirty.current) void runRef.current();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, []);

  const changed = useCallback(() => {
    dirty.current = true;
    retries.current = 0;
    if (!enabledRef.current) return;
    setState((s) => (s.kind === 'saving' || s.kind === 'offline' ? s : { kind: 'pending' }));
    schedule(delayMs, () => void runRef.current());
  }, [delayMs, schedule]);

  const flush = useCallback(async () => {
    if (!enabledRef.current) return !dirty.current;
    await runRef.current();
    return !dirty.current;
  }, []);

  const unsaved = useCallback(() => dirty.current || running.current !== null, []);
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    dirty.current = false;
    retries.current = 0;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'idle' }));
  }, []);
  return useMemo(() => ({ state, changed, flush, unsaved, reset }), [state, changed, flush, unsaved, reset]);
}
