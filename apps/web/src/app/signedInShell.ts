import { nextTask } from './nextTask.ts';

/**
 * Loads code in layers, each after the one before has run and a task has passed: a browser runs the code
 * of one import, with every file it needs that has not run yet, in a single task, so code loaded as one
 * import holds the main thread for as long as all of it takes to start. A layer that failed stops the rest.
 */
export async function loadInLayers(layers: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const load of layers) {
    await load();
    await nextTask();
  }
}

/**
 * The code the shell draws for every signed-in page once the session is checked, each layer needing the
 * one before: the session check with the reply schemas (zod) and the account code; the data key's crypto
 * with the code the signed-in screens share; the user menu, the onboarding choice kept for after sign-in
 * and the sponsor space's identity key. Each part is still imported where it is used (lazyServerState), for
 * a session started on this page.
 */
const SIGNED_IN_SHELL = [
  () => import('../features/auth/sessionCheck.ts'),
  () => import('../features/auth/dataKeyCrypto.ts'),
  () =>
    Promise.all([
      import('./UserMenu.tsx'),
      import('../features/preferences/PendingChoiceSaver.tsx'),
      import('../features/sponsorSpace/IdentityKeyQuery.tsx'),
    ]),
];

/**
 * With a stored session, main.tsx loads this before the page's own code: the page's code then starts in a
 * short task of its own, and nothing of the shell starts a fetch while the page is being drawn.
 */
export const loadSignedInShell = () => loadInLayers(SIGNED_IN_SHELL);
