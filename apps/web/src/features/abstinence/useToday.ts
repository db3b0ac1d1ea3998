import { type CalendarDay, localCalendarDate } from '@sam/core';
import { useEffect, useState } from 'react';

/** The person's own calendar day, which moves on at their midnight while the page stays open. */
export function useToday(): CalendarDay {
  const [today, setToday] = useState(() => localCalendarDate());
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new day sets the timer for the next midnight
  useEffect(() => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const check = () => setToday(localCalendarDate());
    const timer = setTimeout(check, midnight.getTime() - now.getTime() + 1000);
    // A phone that slept through midnight runs no timer: coming back to the page checks again.
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [today]);
  return today;
}
