import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { CryptoError, type EarlierSecret } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './recovery.module.css';
import { NoEarlierKeyError } from './unlockEarlierWriting.ts';
import { useRefreshWriting, useUnlockEarlierWriting } from './useEarlierWriting.ts';
import { unlockSummary } from './wording.ts';

type Way = EarlierSecret['way'];

function failure(error: unknown): string {
  if (error instanceof CryptoError || error instanceof NoEarlierKeyError) return error.message;
  return errorMessage(error, 'Something went wrong while unlocking your earlier writing. Please try again.');
}

/** Asks for the password of before the reset (or the recovery code of then) and unlocks with it. */
export function UnlockEarlierDialog({ onClose }: { onClose: () => void }) {
  const dialogs = useDialogs();
  const unlock = useUnlockEarlierWriting();
  const refresh = useRefreshWriting();
  const [way, setWay] = useState<Way>('old-password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const secret: EarlierSecret = way === 'old-password' ? { way, password } : { way: 'recovery-code', code };
    unlock.mutateAsync(secret).then(
      (counts) => {
        onClose();
        void dialogs.alert({
          title: 'Earlier writing unlocked',
          variant: 'success',
          message: (
            <>
              {unlockSummary(counts).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </>
          ),
        });
        // The locked panel that opened this dialog goes away when its writing shows.
        void refresh();
      },
      // Shown from unlock.error.
      () => undefined,
    );
  };

  const switchWay = () => {
    unlock.reset();
    setWay(way === 'old-password' ? 'recovery-code' : 'old-password');
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open || unlock.isPending ? undefined : onClose())}
      title="Unlock earlier writing"
      variant="info"
    >
      <p>
        Use the password you had before your password was reset, or the recovery code you saved back then. SAM
        opens your earlier key in this browser only, and locks the writing again with your current password.
      </p>
      {unlock.isError ? <Message tone="danger">{failure(unlock.error)}</Message> : null}
      <form onSubmit={submit} noValidate>
        {way === 'old-password' ? (
          <PasswordField
            label="Your old password"
            hint="The password you used before the reset."
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="off"
            required
          />
        ) : (
          <TextField
            label="Your earlier recovery code"
            hint="Letters and numbers in groups, like ABCD-EFGH-…"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={styles.monoField}
            required
          />
        )}
        <Button
          type="submit"
          block
          busy={unlock.isPending}
          busyLabel="Unlocking..."
          disabled={way === 'old-password' ? !password : !code.trim()}
        >
          {way === 'old-password' ? 'Unlock with old password' : 'Unlock with recovery code'}
        </Button>
      </form>
      <div className={styles.altActions}>
        <Button variant="link" onClick={switchWay} disabled={unlock.isPending}>
          {way === 'old-password' ? 'Use my recovery code instead' : 'Use my old password instead'}
        </Button>
        <Button variant="link" onClick={onClose} disabled={unlock.isPending}>
          Not now
        </Button>
      </div>
    </Modal>
  );
}
