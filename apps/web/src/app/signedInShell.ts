/**
 * The code the shell draws for every signed-in page once the session is checked: the user menu, the data
 * key's crypto, the onboarding choice kept for after sign-in, the sponsor space's identity key. With a
 * stored session it loads beside the page's own code (main.tsx), so none of it starts a fetch while the
 * page is being drawn. Each part is still loaded where it is used (lazyServerState), for a session started
 * on this page.
 */
export function loadSignedInShell(): Promise<unknown> {
  return Promise.all([
    import('./UserMenu.tsx'),
    import('../features/auth/dataKeyCrypto.ts'),
    import('../features/preferences/PendingChoiceSaver.tsx'),
    import('../features/sponsorSpace/IdentityKeyQuery.tsx'),
  ]);
}
