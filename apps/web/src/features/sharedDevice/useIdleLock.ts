import { useEffect, useRef, useState } from 'react';
import { IDLE_LOCK_CHANGED, idleLockMinutes, idleTimeReached } from './idleLock.ts';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;
const CHECK_EVERY_MS = 10_000;

/** Calls `onIdle` once the device's chosen idle time passes without a touch, key, click or scroll. */
export function useIdleLock(active: boolean, onIdle: () => void): void {
  const [minutes, setMinutes] = useState(idleLockMinutes);
  const lastUse = useRef(Date.now());
  const callback = useRef(onIdle);
  callback.current = onIdle;

  useEffect(() => {
    const update = () => setMinutes(idleLockMinutes());
    window.addEventListener(IDLE_LOCK_CHANGED, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(IDLE_LOCK_CHANGED, update);
      window.removeEventListener('storage', update);
    };
  }, []);

  useEffect(() => {
    if (!active || minutes === 0) return;
    lastUse.current = Date.now();
    const used = () => {
      lastUse.current = Date.now();
    };
    for (const event of ACTIVITY) window.addEventListener(event, used, { capture: true, passive: true });
    const check = () => {
      if (idleTimeReached(minutes, lastUse.current, Date.now())) callback.current();
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    // A phone that slept past the idle time locks as soon as the page is shown again.
    document.addEventListener('visibilitychange', check);
    return () => {
      for (const event of ACTIVITY) window.removeEventListener(event, used, { capture: true });
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [active, minutes]);
}
