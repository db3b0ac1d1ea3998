import { Suspense, useState } from 'react';
import { lazyNamed } from '../../ui/lazyNamed.ts';

// Loaded on the first tap: the dashboard and Profile draw without the key code they need.
const NewRecoveryCodeDialog = lazyNamed(() => import('./NewRecoveryCodeDialog.tsx'), 'NewRecoveryCodeDialog');
const CheckRecoveryCodeDialog = lazyNamed(
  () => import('./CheckRecoveryCodeDialog.tsx'),
  'CheckRecoveryCodeDialog',
);

/** Which recovery code dialog is open, and the element that draws it. */
export function useRecoveryCodeDialogs() {
  const [open, setOpen] = useState<'make' | 'check' | null>(null);
  const close = () => setOpen(null);
  const dialog =
    open === null ? null : (
      <Suspense fallback={null}>
        {open === 'make' ? (
          <NewRecoveryCodeDialog onClose={close} />
        ) : (
          <CheckRecoveryCodeDialog onClose={close} onMakeNew={() => setOpen('make')} />
        )}
      </Suspense>
    );
  return { makeNew: () => setOpen('make'), check: () => setOpen('check'), dialog };
}
