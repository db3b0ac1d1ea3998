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

// A stored session is checked from here, as the page starts: GET /api/whoami leaves while the app's code
// downloads, not after the app has started and drawn its first frame, and the app takes its answer
// (features/auth/sessionCheck.ts). Sent as the app's own calls are: the bearer token, JSON.
try {
  const token = localStorage.getItem('auth_token');
  if (token) {
    const check = fetch('/api/whoami', {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
    // No answer is the app's to handle, not an unhandled rejection.
    check.catch(() => undefined);
    window.samSessionCheck = check;
  }
} catch {
  // Storage blocked: nothing is stored to check.
}

// A prerendered button does nothing until the app has taken the page over: on a slow phone the first tap
// would be lost. The last button tapped is kept, and the app presses it again once it can answer
// (app/earlyTap.ts). Links need nothing: they load their page as links do.
//
// Quick exit cannot wait for the app: its button names where it goes (data-quick-exit), and a tap leaves
// at once, as features/sharedDevice/quickExit.ts does once the app runs. Escape pressed three times within
// 1.5 s, with no other key or tap between, leaves too (the same rule as quickExit.ts), until the app's
// Quick exit button listens for it itself (it calls samEarlyEscapes.stop()).
//
// Like quickExit.ts, leaving also locks SAM when someone is signed in here and the device's "Lock SAM when I
// use Quick exit" is not off (features/sharedDevice/deviceLock.ts: 'sam-quick-exit-lock', 'sam-locked').
{
  const leave = (to) => {
    try {
      if (localStorage.getItem('auth_token') && localStorage.getItem('sam-quick-exit-lock') !== '0') {
        localStorage.setItem('sam-locked', 'quick-exit');
        indexedDB.deleteDatabase('sam-keys');
      }
    } catch {
      // Storage blocked: nothing of SAM's is stored to lock.
    }
    document.title = '';
    document.body.replaceChildren();
    location.replace(to);
  };
  const taps = { last: null, stop: () => document.removeEventListener('click', remember, true) };
  const remember = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const exit = button?.getAttribute('data-quick-exit');
    if (exit) return leave(exit);
    if (button) taps.last = button;
  };
  document.addEventListener('click', remember, true);
  window.samEarlyTaps = taps;

  let escapes = [];
  const onKey = (event) => {
    if (event.key !== 'Escape') {
      escapes = [];
      return;
    }
    const now = Date.now();
    escapes = [...escapes.filter((at) => now - at <= 1500), now];
    const exit = document.querySelector('[data-quick-exit]')?.getAttribute('data-quick-exit');
    if (escapes.length >= 3 && exit) leave(exit);
  };
  const onPointer = () => {
    escapes = [];
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerdown', onPointer, true);
  window.samEarlyEscapes = {
    stop() {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    },
  };
}
