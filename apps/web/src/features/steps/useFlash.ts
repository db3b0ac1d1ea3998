import { useCallback, useEffect, useRef, useState } from 'react';

/** A short "saved" flag: `show(ms)` turns it on for that long. */
export function useFlash(): [boolean, (ms: number) => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);
  const show = useCallback((ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, []);
  return [on, show];
}
