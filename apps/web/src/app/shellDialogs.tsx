import { createContext, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';
import { useMatches } from 'react-router';
import { crumbsOf, pageLabel } from './breadcrumbs.ts';
import { lazyServerState } from './lazyServerState.tsx';

// Each reads server state (the About and Privacy dialogs their content files).
const AboutDialog = lazyServerState(() => import('../features/about/AboutDialog.tsx'), 'AboutDialog');
const PrivacyDialog = lazyServerState(() => import('../features/about/PrivacyDialog.tsx'), 'PrivacyDialog');
const BackupDialog = lazyServerState(() => import('../features/backup/BackupDialog.tsx'), 'BackupDialog');
const FeedbackDialog = lazyServerState(
  () => import('../features/feedback/FeedbackDialog.tsx'),
  'FeedbackDialog',
);
const ProfileDialog = lazyServerState(() => import('../features/profile/ProfileDialog.tsx'), 'ProfileDialog');
const ShareDialog = lazyServerState(() => import('../features/share/ShareDialog.tsx'), 'ShareDialog');

export type ShellDialogName = 'about' | 'privacy' | 'profile' | 'backup' | 'share' | 'feedback';

type ShellDialogs = { open(name: ShellDialogName): void };

const ShellDialogsContext = createContext<ShellDialogs | null>(null);

export function useShellDialogs(): ShellDialogs {
  const value = useContext(ShellDialogsContext);
  if (!value) throw new Error('useShellDialogs must be used inside <ShellDialogsProvider>');
  return value;
}

/** The dialogs the header menu and the footer open. */
export function ShellDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShellDialogName | null>(null);
  const location = pageLabel(crumbsOf(useMatches().map((m) => m.handle)));
  const value = useMemo(() => ({ open: setCurrent }), []);
  const props = (name: ShellDialogName) => ({
    open: current === name,
    onOpenChange: (open: boolean) => setCurrent(open ? name : null),
  });
  return (
    <ShellDialogsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {current === 'about' ? <AboutDialog {...props('about')} /> : null}
        {current === 'privacy' ? <PrivacyDialog {...props('privacy')} /> : null}
        {current === 'profile' ? <ProfileDialog {...props('profile')} /> : null}
        {current === 'backup' ? <BackupDialog {...props('backup')} /> : null}
        {current === 'share' ? <ShareDialog {...props('share')} /> : null}
        {current === 'feedback' ? <FeedbackDialog {...props('feedback')} location={location} /> : null}
      </Suspense>
    </ShellDialogsContext.Provider>
  );
}
