/**
 * The key handling the session and data-key providers run, loaded only once someone signs in (or a stored
 * session is checked): a visitor's page never opens a key, so it does not download this.
 */
export { clearDataKeys, loadDataKey, openAccountKey, saveDataKey } from '../../crypto/index.ts';
// With the reply schemas it parses (zod), which a visitor's page goes without as well.
export { keysApi } from './api.ts';
