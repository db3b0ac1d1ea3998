import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App.tsx';
import { pressEarlyTap } from './app/earlyTap.ts';
import { nextTask } from './app/nextTask.ts';
import { loadSignedInShell } from './app/signedInShell.ts';
import { takeErrorParam } from './app/startupError.ts';
import { storedToken } from './features/auth/storedSession.ts';
import './ui/global.css';

takeErrorParam();

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('SAM needs an element with id "root"');
  // The build prerendered some pages as a first-time visitor sees them (apps/web/vite/prerender.ts). Such
  // a page is taken over as it is, unless a session is stored: the page then shows the account.
  const signedIn = storedToken(localStorage) !== null;
  const takeOver = !signedIn && root.firstElementChild !== null;
  // With a stored session the shell's signed-in code comes first, layer by layer (signedInShell.ts).
  // Signed in, the router is made in a task of its own and the first render starts in the next one: a
  // slow phone would otherwise hold both in one long task.
  const router = signedIn
    ? loadSignedInShell()
        .catch(() => undefined)
        .then(() => createAppRouter(false))
        .then(async (made) => {
          await nextTask();
          return made;
        })
    : createAppRouter(takeOver);
  const app = (
    <StrictMode>
      <App router={await router} />
    </StrictMode>
  );
  // In a transition, React yields to the browser while it works, so a tap is never kept waiting long.
  startTransition(() => {
    // The app draws the header from here on: Login shows again if there is no session after all.
    document.documentElement.removeAttribute('data-signed-in');
    if (takeOver) {
      hydrateRoot(root, app, {
        // What this browser keeps (an assessment under way) may differ from the prerendered page: React
        // then draws the page anew. The home page renders the build's markup first (HomePage), so it matches.
        onRecoverableError: (error) => console.warn('SAM drew the page anew:', error),
      });
    } else {
      // Signed in, the page shows the account, not the prerendered visitor's page; or nothing was prerendered.
      root.replaceChildren();
      createRoot(root).render(app);
    }
  });
  // React listens from hydrateRoot on: a tap on the prerendered page before now is given again.
  pressEarlyTap();
}

start()
  // Loaded after the first render: web-vitals reads buffered entries, so nothing is missed.
  .then(() => import('./features/vitals/reportWebVitals.ts'))
  .then(({ reportWebVitals }) => reportWebVitals())
  .catch(() => undefined);
