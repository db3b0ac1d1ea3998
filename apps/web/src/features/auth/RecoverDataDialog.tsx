import type { KeyRecord } from '@sam/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import {
  CryptoError,
  type RewrappedKey,
  recoverWithCode,
  recoverWithOldPassword,
  startFreshKey,
} from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { keysApi } from './api.ts';
import styles from './auth.module.css';

type Props = {
  userId: string;
  kek: CryptoKey;
  /** The auth value of the sign-in that derived `kek`; the server asks for it before replacing the key. */
  authValue?: string;
  record: KeyRecord;
  /** The re-wrapped key, or null when the person chose "Not now". */
  onDone: (result: RewrappedKey | null) => void;
};

type Way = 'code' | 'old-password';

function failure(error: unknown): string {
  if (error instanceof CryptoError) return error.message;
  return errorMessage(error, 'Something went wrong while unlocking your writing. Please try again.');
}

/** After a password reset the data key needs the recovery code, the old password, or a fresh start. */
export function RecoverDataDialog({ userId, kek, authValue, record, onDone }: Props) {
  const dialogs = useDialogs();
  const [way, setWay] = useState<Way>('code');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ctx = { crypto: globalThis.crypto, userId, kek, authValue, keysApi };

  const run = async (work: () => Promise<RewrappedKey>) => {
    setBusy(true);
    setError(null);
    try {
      onDone(await work());
    } catch (e) {
      setError(failure(e));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (way === 'code') void run(() => recoverWithCode({ ...ctx, record, recoveryCode }));
    else void run(() => recoverWithOldPassword({ ...ctx, record, oldPassword }));
  };

  const startFresh = async () => {
    const confirmed = await dialogs.confirm({
      title: 'Start fresh?',
      variant: 'danger',
      message: (
        <>
          <p>
            Writing you saved before your password was reset stays locked: SAM cannot read it, and this
            browser cannot open it with your new password. SAM keeps the locked copy, and your recovery code
            or your old password can still unlock it at any time from Profile, under Earlier writing.
          </p>
          <p>New writing will be locked with your new password.</p>
        </>
      ),
      confirmText: 'Start fresh',
      cancelText: 'Go back',
    });
    if (confirmed) void run(() => startFreshKey(ctx));
  };

  return (
    <Modal open onOpenChange={() => onDone(null)} title="Recover Your Data" variant="warning">
      <p>
        Your password was reset, so the writing you saved before is still locked. Unlock it with the recovery
        code you saved when you set up SAM.
      </p>
      {error ? <Message tone="danger">{error}</Message> : null}
      <form onSubmit={submit} noValidate>
        {way === 'code' ? (
          <TextField
            label="Recovery code"
            hint="Letters and numbers in groups, like ABCD-EFGH-…"
            value={recoveryCode}
            onChange={(e) => setRecoveryCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={styles.monoField}
            required
          />
        ) : (
          <PasswordField
            label="Your old password"
            hint="The password you used before the reset."
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
            autoComplete="off"
            required
          />
        )}
        <Button
          type="submit"
          block
          busy={busy}
          busyLabel="Unlocking..."
          disabled={way === 'code' ? !recoveryCode.trim() : !oldPassword}
        >
          {way === 'code' ? 'Unlock with recovery code' : 'Unlock with old password'}
        </Button>
      </form>
      <div className={styles.altActions}>
        <Button
          variant="link"
          onClick={() => setWay(way === 'code' ? 'old-password' : 'code')}
          disabled={busy}
        >
          {way === 'code' ? 'I remember my old password' : 'Use my recovery code instead'}
        </Button>
        <Button variant="link" onClick={startFresh} disabled={busy}>
          Start fresh
        </Button>
        <Button variant="link" onClick={() => onDone(null)} disabled={busy}>
          Not now
        </Button>
      </div>
    </Modal>
  );
}
