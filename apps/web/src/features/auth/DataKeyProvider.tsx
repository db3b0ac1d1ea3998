import type { KeyRecord } from '@sam/core';
import {
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../app/http.ts';
import { CryptoError, type RewrappedKey } from '../../crypto/index.ts';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { lazyNamed } from '../../ui/lazyNamed.ts';
import {
  DEVICE_LOCK_KEY,
  deviceLock,
  type LockReason,
  LockScreen,
  lockDevice,
  unlockDevice,
  useIdleLock,
} from '../sharedDevice/index.ts';
import { DataKeyContext, type DataKeyStatus } from './dataKeyContext.ts';
import { useSession } from './sessionContext.ts';
import type { UnlockResult } from './signIn.ts';

const keyCrypto = () => import('./dataKeyCrypto.ts');

const RecoverDataDialog = lazyNamed(() => import('./RecoverDataDialog.tsx'), 'RecoverDataDialog');
const RecoveryCodeDialog = lazyNamed(() => import('./RecoveryCodeDialog.tsx'), 'RecoveryCodeDialog');
const UnlockDialog = lazyNamed(() => import('./UnlockDialog.tsx'), 'UnlockDialog');

/** Pages that handle a missing key themselves; the automatic Unlock prompt stays away from them. */
const PAGES_WITHOUT_AUTO_UNLOCK = ['/verify-email'];

type Pending =
  | { kind: 'code'; code: string; wrapping: string; userId: string; email: string; resolve: () => void }
  | {
      kind: 'recover';
      userId: string;
      kek: CryptoKey;
      authValue?: string;
      record: KeyRecord;
      resolve: (r: RewrappedKey | null) => void;
    }
  | { kind: 'unlock'; email: string; resolve: (result: UnlockResult | null) => void };

/** A sign-in whose recovery was put off: enough to open "Recover Your Data" again without a new sign-in. */
type PutOffRecovery = { userId: string; email: string; kek: CryptoKey; authValue?: string };

async function keepInBrowser(userId: string, key: CryptoKey): Promise<void> {
  // Without IndexedDB (some private windows) the key still works for this page's lifetime.
  await keyCrypto()
    .then(({ saveDataKey }) => saveDataKey(userId, key))
    .catch((error) => console.warn('Could not keep the data key in this browser', error));
}

/** Holds the user's data key and runs the dialogs that open, create or recover it. */
export function DataKeyProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const dialogs = useDialogs();
  const { pathname } = useLocation();
  const [status, setStatus] = useState<DataKeyStatus>('signed-out');
  const [key, setKey] = useState<CryptoKey | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [putOff, setPutOff] = useState<PutOffRecovery | null>(null);
  const opening = useRef(false);
  const autoPrompted = useRef(false);
  const userId = session.user?.id ?? null;
  const email = useRef<string | null>(null);
  email.current = session.user?.email ?? null;
  // Why SAM is locked on this device (the idle lock, or Quick exit), or null; kept in storage too (deviceLock).
  const [lock, setLock] = useState<LockReason | null>(null);

  const ask = useCallback(<T,>(make: (resolve: (value: T) => void) => Pending) => {
    return new Promise<T>((resolve) => {
      setPending(
        make((value) => {
          setPending(null);
          resolve(value);
        }),
      );
    });
  }, []);

  const openWithKek = useCallback(
    async (forUser: string, email: string, kek: CryptoKey, authValue?: string): Promise<boolean> => {
      opening.current = true;
      // A sign-in flow ran in this page load: whatever its end, no automatic Unlock prompt afterwards.
      autoPrompted.current = true;
      setStatus('opening');
      try {
        const { openAccountKey, keysApi } = await keyCrypto();
        const result = await openAccountKey({ crypto: globalThis.crypto, userId: forUser, kek, keysApi });
        let opened: CryptoKey;
        // The new recovery code to show once, with the wrapping it made ("I have saved it" names it).
        let newCode: { code: string; wrapping: string } | null = null;
        if (result.status === 'needs-recovery') {
          const recovered = await ask<RewrappedKey | null>((resolve) => ({
            kind: 'recover',
            userId: forUser,
            kek,
            authValue,
            record: result.record,
            resolve,
          }));
          if (!recovered) {
            setPutOff({ userId: forUser, email, kek, authValue });
            setStatus('locked');
            return false;
          }
          opened = recovered.key;
          newCode = { code: recovered.recoveryCode, wrapping: recovered.recoveryEncryptedKey };
        } else {
          opened = result.key;
          if (result.status === 'created') {
            newCode = { code: result.recoveryCode, wrapping: result.recoveryEncryptedKey };
          }
        }
        await keepInBrowser(forUser, opened);
        // The password opened the key: a lock of this device is over.
        unlockDevice();
        setLock(null);
        setPutOff(null);
        setKey(opened);
        setStatus('ready');
        if (newCode) {
          const { code, wrapping } = newCode;
          await ask<void>((resolve) => ({
            kind: 'code',
            code,
            wrapping,
            userId: forUser,
            email,
            resolve: () => resolve(),
          }));
        }
        return true;
      } catch (error) {
        setStatus('locked');
        const reason =
          error instanceof CryptoError ? error.message : errorMessage(error, 'Please try again.');
        await dialogs.alert({
          title: 'Your writing is still locked',
          variant: 'warning',
          message: `SAM could not unlock your encryption key. ${reason}`,
        });
        return false;
      } finally {
        opening.current = false;
      }
    },
    [ask, dialogs],
  );

  const requestUnlock = useCallback(async (): Promise<boolean> => {
    const email = session.user?.email;
    if (!email) return false;
    // The key waits for the recovery code or the old password: a sign-in with the new one adds nothing.
    if (putOff && putOff.userId === session.user?.id) {
      return openWithKek(putOff.userId, putOff.email, putOff.kek, putOff.authValue);
    }
    const forUser = session.user?.id;
    if (!forUser) return false;
    // The password is checked for this session: the same sign-in goes on, no second one is made.
    const unlocked = await ask<UnlockResult | null>((resolve) => ({ kind: 'unlock', email, resolve }));
    if (!unlocked) return false;
    return openWithKek(forUser, email, unlocked.kek, unlocked.authValue);
  }, [ask, openWithKek, session, putOff]);

  useEffect(() => {
    if (!userId) {
      setKey(null);
      setPutOff(null);
      setStatus('signed-out');
      return;
    }
    if (opening.current) return;
    const locked = deviceLock();
    if (locked) {
      // Locked by the idle lock or Quick exit, perhaps in a page that is gone: the stored key goes before
      // anything is drawn, and only the password brings it back.
      autoPrompted.current = true;
      setKey(null);
      setStatus('locked');
      setLock(locked);
      void keyCrypto()
        .then(({ clearDataKeys }) => clearDataKeys())
        .catch(() => undefined);
      return;
    }
    let current = true;
    setStatus('loading');
    keyCrypto()
      .then(async ({ loadDataKey, saveDataKey }) => {
        const found = await loadDataKey(userId);
        if (found || !email.current) return found;
        // Pages from before keys were kept under the account id kept them under the e-mail.
        const earlier = await loadDataKey(email.current);
        if (earlier) await saveDataKey(userId, earlier);
        return earlier;
      })
      .catch(() => null)
      .then((found) => {
        if (!current || opening.current) return;
        // The pages waiting for the key draw their writing now: in slices (see SessionProvider).
        startTransition(() => {
          setKey(found);
          setStatus(found ? 'ready' : 'locked');
        });
      });
    return () => {
      current = false;
    };
  }, [userId]);

  // The idle lock forgets the key in this browser and takes every page (and its writing) off the screen.
  // A put-off recovery is forgotten too: it holds the sign-in's kek and auth value.
  const lockHere = useCallback((reason: LockReason) => {
    autoPrompted.current = true;
    setKey(null);
    setPutOff(null);
    setStatus('locked');
    setLock(reason);
    void keyCrypto()
      .then(({ clearDataKeys }) => clearDataKeys())
      .catch(() => undefined);
  }, []);
  useIdleLock((status === 'ready' || putOff !== null) && userId !== null, () => {
    // Written first, synchronously: a reload or another tab finds SAM locked as well.
    lockDevice('idle');
    lockHere('idle');
  });
  // SAM locked in another tab (the idle lock, Quick exit): this tab forgets the key and locks too.
  useEffect(() => {
    if (!userId) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== DEVICE_LOCK_KEY) return;
      const reason = deviceLock();
      if (reason) lockHere(reason);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId, lockHere]);
  const unlockAfterLock = useCallback(async () => {
    await requestUnlock();
  }, [requestUnlock]);
  useEffect(() => {
    if (!userId) setLock(null);
  }, [userId]);

  const requestUnlockRef = useRef(requestUnlock);
  requestUnlockRef.current = requestUnlock;
  useEffect(() => {
    if (status !== 'locked' || autoPrompted.current || PAGES_WITHOUT_AUTO_UNLOCK.includes(pathname)) return;
    autoPrompted.current = true;
    void requestUnlockRef.current();
  }, [status, pathname]);

  // Between a sign-in and the effect above, the session is ahead of the stored status: the key is loading.
  const shownStatus: DataKeyStatus = !userId ? 'signed-out' : status === 'signed-out' ? 'loading' : status;
  const waitsForRecovery = shownStatus === 'locked' && putOff !== null && putOff.userId === userId;
  const value = useMemo(
    () => ({
      status: shownStatus,
      key: userId ? key : null,
      waitsForRecovery,
      requestUnlock,
      openWithKek,
    }),
    [shownStatus, userId, key, waitsForRecovery, requestUnlock, openWithKek],
  );

  return (
    <DataKeyContext.Provider value={value}>
      {lock && userId ? <LockScreen reason={lock} onUnlock={unlockAfterLock} /> : children}
      <Suspense fallback={null}>
        {pending?.kind === 'code' ? (
          <RecoveryCodeDialog
            code={pending.code}
            wrapping={pending.wrapping}
            userId={pending.userId}
            email={pending.email}
            onContinue={pending.resolve}
          />
        ) : null}
        {pending?.kind === 'recover' ? (
          <RecoverDataDialog
            userId={pending.userId}
            kek={pending.kek}
            authValue={pending.authValue}
            record={pending.record}
            onDone={pending.resolve}
          />
        ) : null}
        {pending?.kind === 'unlock' ? (
          <UnlockDialog
            email={pending.email}
            onUnlocked={pending.resolve}
            onCancel={() => pending.resolve(null)}
          />
        ) : null}
      </Suspense>
    </DataKeyContext.Provider>
  );
}
