/** What other features use from the nightly check-in: they import it from here, never its files. */
export { checkInsApi } from './api.ts';
export { CircleMark } from './CircleMark.tsx';
export { CHECK_IN_PATH } from './paths.ts';
export { useCheckInDays } from './useCheckIns.ts';
