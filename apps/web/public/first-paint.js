// Runs before the first paint, blocking: a browser that has had an account here (signed in, or signed out
// after using SAM) is not a first-time visitor, so the prerendered home page's first-time welcome stays
// hidden until the app draws this person's home page (features/home/HomePage.tsx). The keys are
// STORAGE_KEYS.authToken and STORAGE_KEYS.hasAccount of @sam/core.
try {
  if (localStorage.getItem('auth_token') || localStorage.getItem('rc_has_account') === 'true') {
    document.documentElement.setAttribute('data-returning', '');
  }
} catch {
  // Storage blocked: the page shows as it does to a first-time visitor.
}
