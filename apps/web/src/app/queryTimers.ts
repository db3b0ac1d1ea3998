import type { TimeoutProvider } from '@tanstack/react-query';

/** A timer due `at` (performance.now()), or every `every` ms from then. */
type Timer = { at: number; every: number | null; run: () => void };

const timers = new Map<number, Timer>();
let lastId = 0;
let alarm: { at: number; handle: ReturnType<typeof setTimeout> } | null = null;

/** Sets the one real timer for the earliest timer due, unless one already rings by then. */
function setAlarm(): void {
  let next = Number.POSITIVE_INFINITY;
  for (const timer of timers.values()) next = Math.min(next, timer.at);
  if (next === Number.POSITIVE_INFINITY || (alarm && alarm.at <= next)) return;
  if (alarm) clearTimeout(alarm.handle);
  alarm = { at: next, handle: setTimeout(ring, Math.max(0, next - performance.now())) };
}

/** Runs the timers that are due, in the order they are due, then sets the alarm for the next. */
function ring(): void {
  alarm = null;
  const now = performance.now();
  const due = [...timers].filter(([, timer]) => timer.at <= now).sort(([, a], [, b]) => a.at - b.at);
  try {
    for (const [id, timer] of due) {
      // Cleared by a timer that ran before it in this round.
      if (timers.get(id) !== timer) continue;
      if (timer.every === null) timers.delete(id);
      else timer.at = now + timer.every;
      timer.run();
    }
  } finally {
    setAlarm();
  }
}

function add(run: () => void, delay: number, every: number | null): number {
  lastId += 1;
  timers.set(lastId, { at: performance.now() + Math.max(0, delay), every, run });
  setAlarm();
  return lastId;
}

function remove(id: number | undefined): void {
  if (id !== undefined) timers.delete(id);
}

/**
 * The query library's timers (a cached query's garbage collection, retries, the notes' polling) kept in one
 * list under one real timer, as TanStack Query suggests for many queries: each query sets a timer when it
 * is made and clears it when a component reads it, so a page that mounts a dozen queries set and cleared
 * two dozen real timers in one task, each costing a slow phone's main thread while Chrome profiles it
 * (Lighthouse). Here clearing one is a Map deletion.
 */
export const coalescedTimers: TimeoutProvider<number> = {
  setTimeout: (callback, delay) => add(callback, delay, null),
  clearTimeout: remove,
  setInterval: (callback, delay) => add(callback, delay, Math.max(1, delay)),
  clearInterval: remove,
};
