import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Page } from '../../ui/Page.tsx';
import type { LockReason } from './deviceLock.ts';
import { QuickExitButton } from './QuickExitButton.tsx';
import styles from './sharedDevice.module.css';

const WHY: Record<LockReason, string> = {
  idle: 'SAM locked itself after a while without use, so nobody else can read your writing on this device.',
  'quick-exit':
    'SAM locked itself when you used Quick exit, so nobody else can read your writing on this device.',
};

/**
 * Shown in place of every page once the idle lock fired or Quick exit locked SAM: the data key is gone from
 * this browser and no writing is on screen. The password brings both back; drafts waited, encrypted, on
 * the device.
 */
export function LockScreen({ reason, onUnlock }: { reason: LockReason; onUnlock: () => void }) {
  const unlock = useRef<HTMLButtonElement>(null);
  useEffect(() => unlock.current?.focus(), []);
  return (
    <main className={styles.lockScreen}>
      <div className={styles.lockBar}>
        <QuickExitButton />
      </div>
      <Page title="SAM is locked" documentTitle="Locked">
        <p>{WHY[reason]} Anything you were typing is kept, encrypted.</p>
        <Button ref={unlock} onClick={onUnlock}>
          Unlock with my password
        </Button>
      </Page>
    </main>
  );
}
