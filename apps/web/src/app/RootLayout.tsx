import { AuthDialogsProvider } from '../features/auth/AuthDialogsProvider.tsx';
import { DataKeyProvider } from '../features/auth/DataKeyProvider.tsx';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { LeaveGuard } from '../features/drafts/LeaveGuard.tsx';
import { DialogProvider } from '../ui/dialogs/index.ts';
import { Shell } from './Shell.tsx';
import { StartupGate } from './StartupGate.tsx';
import { ShellDialogsProvider } from './shellDialogs.tsx';

/** The root route: providers that need the router, the start-up check, then the shell. */
export function RootLayout() {
  return (
    <DialogProvider>
      <LeaveGuard>
        <SessionProvider>
          <StartupGate>
            <DataKeyProvider>
              <AuthDialogsProvider>
                <ShellDialogsProvider>
                  <Shell />
                </ShellDialogsProvider>
              </AuthDialogsProvider>
            </DataKeyProvider>
          </StartupGate>
        </SessionProvider>
      </LeaveGuard>
    </DialogProvider>
  );
}
