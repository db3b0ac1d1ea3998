/** What other features use from backup: they import it from here, never its files. */
export { loadCirclesForShare } from './recoveryTools.ts';
