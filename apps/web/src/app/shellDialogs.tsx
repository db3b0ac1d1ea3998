import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useMatches } from 'react-router';
import { AboutDialog } from '../features/about/AboutDialog.tsx';
import { PrivacyDialog } from '../features/about/PrivacyDialog.tsx';
import { BackupDialog } from '../features/backup/BackupDialog.tsx';
import { FeedbackDialog } from '../features/feedback/FeedbackDialog.tsx';
import { ProfileDialog } from '../features/profile/ProfileDialog.tsx';
import { ShareDialog } from '../features/share/ShareDialog.tsx';
import { crumbsOf, pageLabel } from './breadcrumbs.ts';

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
      {current === 'about' ? <AboutDialog {...props('about')} /> : null}
      {current === 'privacy' ? <PrivacyDialog {...props('privacy')} /> : null}
      {current === 'profile' ? <ProfileDialog {...props('profile')} /> : null}
      {current === 'backup' ? <BackupDialog {...props('backup')} /> : null}
      {current === 'share' ? <ShareDialog {...props('share')} /> : null}
      {current === 'feedback' ? <FeedbackDialog {...props('feedback')} location={location} /> : null}
    </ShellDialogsContext.Provider>
  );
}
