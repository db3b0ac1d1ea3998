// Runs before the first paint, blocking. What the prerendered page needs before the app has started:
//
// A browser that has had an account here (signed in, or signed out after using SAM) is not a first-time
// visitor, so the prerendered home page's first-time welcome stays hidden until the app draws this
// person's home page (features/home/HomePage.tsx). A signed-in person is not offered the header's Login
// either (app/Header.module.css); main.tsx takes the mark off when the app takes the page over. The keys
// are STORAGE_KEYS.authToken and STORAGE_KEYS.hasAccount of @sam/core.
try {
  const signedIn = Boolean(localStorage.getItem('auth_token'));
  if (signedIn || localStorage.getItem('rc_has_account') === 'true') {
    document.documentElement.setAttribute('data-returning', '');
  }
  if (signedIn) document.documentElement.setAttribute('data-signed-in', '');
} catch {
  // Storage blocked: the page shows as it does to a first-time visitor.
}

// A prerendered button does nothing until the app has taken the page over: on a slow phone the first tap
// would be lost. The last button tapped is kept, and the app presses it again once it can answer
// (app/earlyTap.ts). Links need nothing: they load their page as links do.
//
// Quick exit cannot wait for the app: its button names where it goes (data-quick-exit), and a tap leaves
// at once, as features/sharedDevice/quickExit.ts does once the app runs.
{
  const taps = { last: null, stop: () => document.removeEventListener('click', remember, true) };
  const remember = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const exit = button?.getAttribute('data-quick-exit');
    if (exit) {
      document.title = '';
      document.body.replaceChildren();
      location.replace(exit);
      return;
    }
    if (button) taps.last = button;
  };
  document.addEventListener('click', remember, true);
  window.samEarlyTaps = taps;
}
