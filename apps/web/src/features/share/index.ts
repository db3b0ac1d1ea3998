/** What other features use from share: they import it from here, never its files. */
export { shareApi } from './api.ts';
