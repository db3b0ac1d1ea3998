import {
  AUTH_MESSAGES,
  CODE_USED_UP,
  CONFIRMATION_CODE_TTL_MINUTES,
  RESET_MODAL_CLOSE_MS,
  resetFormError,
} from '@sam/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../app/http.ts';
import { resetCredentials } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeField } from '../../ui/CodeField.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid.ts';
import { authApi } from './api.ts';
import styles from './auth.module.css';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { rememberKdf } from './rememberedKdf.ts';

type Props = { email: string; onClose: () => void; onDone: (email: string) => void };

type FieldErrors = { code?: string; password?: string; confirm?: string };

function fieldFor(message: string): keyof FieldErrors {
  if (message === AUTH_MESSAGES.passwordsDoNotMatch) return 'confirm';
  if (message === AUTH_MESSAGES.passwordTooShort) return 'password';
  return 'code';
}

/** The code from the e-mail and a new password. Success closes after 2 s and opens Sign In. */
export function ResetPasswordModal({ email: initialEmail, onClose, onDone }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  /** The code's tries are used up: a new code is offered beside the message. */
  const [usedUp, setUsedUp] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendNote, setResendNote] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, fieldErrors.code ?? fieldErrors.password ?? fieldErrors.confirm);

  const finish = useRef(() => {});
  finish.current = () => {
    onClose();
    onDone(email.trim());
  };
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => finish.current(), RESET_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(AUTH_MESSAGES.emailRequired);
      return;
    }
    const problem = resetFormError({ code, password, confirm });
    setFieldErrors(problem ? { [fieldFor(problem)]: problem } : {});
    if (problem) return;
    setBusy(true);
    try {
      const credentials = await resetCredentials(globalThis.crypto, password);
      const reply = await authApi.resetPassword({
        email: email.trim(),
        code: code.trim(),
        new_password: credentials.new_password,
        kdf: credentials.kdf,
      });
      rememberKdf(localStorage, email, credentials.kdf);
      setSuccess(reply.message || 'Your password has been reset.');
    } catch (e) {
      setError(errorMessage(e, AUTH_MESSAGES.resetFailed));
      setUsedUp(e instanceof ApiError && e.code === CODE_USED_UP);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResendNote(null);
    try {
      await authApi.forgotPassword(email.trim());
      setError(null);
      setUsedUp(false);
      setResendNote('If that email has an account, a new code is on its way.');
    } catch (e) {
      setResendNote(errorMessage(e, AUTH_MESSAGES.forgotFailed));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Reset Your Password"
      description={`If that email has an account, we sent it a 6-digit code. The code is valid for ${CONFIRMATION_CODE_TTL_MINUTES} minutes.`}
      size="sm"
    >
      {success ? (
        <Message tone="success">{success} Taking you to Sign In…</Message>
      ) : (
        <>
          <Message tone="warning">
            A new password gets you back into your account, but your saved writing stays locked until you
            enter your recovery code after signing in. Without the recovery code (or your old password),
            writing saved before the reset cannot be read.
          </Message>
          {error ? (
            <Message tone="danger">
              {error}
              {usedUp ? (
                <>
                  {' '}
                  <Button variant="link" onClick={resend} disabled={busy || !email.trim()}>
                    Send a new code
                  </Button>
                </>
              ) : null}
            </Message>
          ) : null}
          <form ref={formRef} onSubmit={submit} noValidate>
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="username"
              required
            />
            <CodeField
              label="Reset code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={fieldErrors.code}
              required
              autoFocus
            />
            <PasswordField
              label="New password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
              error={fieldErrors.password}
              required
              after={<PasswordStrengthMeter password={password} />}
            />
            <PasswordField
              label="Confirm new password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              autoComplete="new-password"
              error={fieldErrors.confirm}
              required
            />
            <Button type="submit" block busy={busy} busyLabel="Resetting...">
              Reset Password
            </Button>
          </form>
          <div className={styles.altActions}>
            <Button variant="link" onClick={resend} disabled={busy || !email.trim()}>
              Send a new code
            </Button>
          </div>
          {resendNote ? <p className={styles.smallNote}>{resendNote}</p> : null}
        </>
      )}
    </Modal>
  );
}
