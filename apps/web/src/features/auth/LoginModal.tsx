import { AUTH_MESSAGES, signupPasswordError } from '@sam/core';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../app/http.ts';
import { signupCredentials } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid.ts';
import { authApi } from './api.ts';
import styles from './auth.module.css';
import type { LoginMode } from './authDialogsContext.ts';
import { useDataKey } from './dataKeyContext.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { keepPendingKek } from './pendingKeks.ts';
import { rememberKdf } from './rememberedKdf.ts';
import { useSession } from './sessionContext.ts';
import { INVALID_CREDENTIALS, KDF_CHANGED, signInWithPassword } from './signIn.ts';
import { rememberedEmail, setRememberedEmail } from './storedSession.ts';

type Props = {
  initialMode: LoginMode;
  initialEmail?: string;
  /** Said once above the form, for example why this device is signed out. */
  notice?: string;
  onClose: () => void;
  onResetCodeSent: (email: string) => void;
};

const TITLES: Record<LoginMode, string> = {
  signin: 'Sign In',
  signup: 'Create Account',
  reset: 'Reset Password',
};

const DESCRIPTIONS: Record<LoginMode, string> = {
  signin: 'Welcome back. Sign in to pick up where you left off.',
  signup: 'Your account keeps your step work private: it is encrypted on this device before it is saved.',
  reset: "Enter your email and we'll send you a 6-digit code to reset your password.",
};

export function LoginModal({ initialMode, initialEmail, notice, onClose, onResetCodeSent }: Props) {
  const session = useSession();
  const dataKey = useDataKey();
  const navigate = useNavigate();
  const remembered = rememberedEmail(localStorage);
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [email, setEmail] = useState(initialEmail ?? (initialMode === 'signin' ? (remembered ?? '') : ''));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(Boolean(remembered));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Too many wrong passwords: the message says for how long, and a new password is offered beside it. */
  const [lockedOut, setLockedOut] = useState(false);
  /**
   * The e-mail and password did not match: that is also the answer for an account whose sign-up code was
   * never entered, so the message offers the code screen beside it (it reveals nothing either).
   */
  const [codeOffered, setCodeOffered] = useState(false);
  /** The person was told the sign-in settings changed; the next press goes on under the new ones. */
  const [kdfChangeShown, setKdfChangeShown] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, passwordError);

  const switchTo = (next: LoginMode) => {
    setMode(next);
    setError(null);
    setKdfChangeShown(false);
    setPasswordError(null);
    setPassword('');
  };

  const goVerify = (address: string) => {
    onClose();
    navigate(`/verify-email?email=${encodeURIComponent(address)}`);
  };

  const signIn = async () => {
    const address = email.trim();
    const { reply, kek, authValue, kdf } = await signInWithPassword(address, password, {
      acceptChangedKdf: kdfChangeShown,
    });
    session.startSession(reply);
    setRememberedEmail(localStorage, remember ? address : null);
    rememberKdf(localStorage, address, kdf);
    onClose();
    void dataKey.openWithKek(reply.user.id, reply.user.email, kek, authValue);
  };

  const signUp = async () => {
    const address = email.trim();
    // A new account derives its keys with the parameters the server gives every address without a confirmed
    // account, so that answer never tells anyone whether the address is in use.
    const { salt, iterations } = await authApi.prelogin(address);
    const credentials = await signupCredentials(globalThis.crypto, password, { salt, iterations });
    await authApi.signup({
      email: address,
      password: credentials.password,
      name: name.trim(),
      kdf: credentials.kdf,
    });
    keepPendingKek(address, credentials.kek);
    goVerify(address);
  };

  const requestReset = async () => {
    const address = email.trim();
    await authApi.forgotPassword(address);
    onResetCodeSent(address);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (mode === 'signup') {
      const problem = signupPasswordError(password);
      setPasswordError(problem);
      if (problem) return;
    }
    setBusy(true);
    try {
      if (mode === 'signin') await signIn();
      else if (mode === 'signup') await signUp();
      else await requestReset();
    } catch (e) {
      const fallback =
        mode === 'signin'
          ? AUTH_MESSAGES.loginModalDefault
          : mode === 'signup'
            ? AUTH_MESSAGES.signupFailed
            : AUTH_MESSAGES.forgotFailed;
      setError(errorMessage(e, fallback));
      setLockedOut(e instanceof ApiError && e.code === TOO_MANY_ATTEMPTS);
      setCodeOffered(e instanceof ApiError && e.code === INVALID_CREDENTIALS);
      setKdfChangeShown(e instanceof ApiError && e.code === KDF_CHANGED);
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={TITLES[mode]}
      description={DESCRIPTIONS[mode]}
      size="sm"
    >
      {notice && !error ? <Message tone="warning">{notice}</Message> : null}
      {error ? (
        <Message tone={kdfChangeShown ? 'warning' : 'danger'}>
          {error}
          {lockedOut && mode === 'signin' ? (
            <>
              {' '}
              <Button variant="link" onClick={() => switchTo('reset')}>
                Forgot password?
              </Button>
            </>
          ) : null}
          {codeOffered && mode === 'signin' ? (
            <>
              {' '}
              <Button variant="link" onClick={() => goVerify(email.trim())}>
                Enter my sign-up code
              </Button>
            </>
          ) : null}
        </Message>
      ) : null}
      <form ref={formRef} onSubmit={submit} key={mode}>
        {mode === 'signup' ? (
          <TextField
            label="First name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="given-name"
            maxLength={100}
            required
            autoFocus
          />
        ) : null}
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete={mode === 'signup' ? 'email' : 'username'}
          maxLength={254}
          required
          autoFocus={mode !== 'signup'}
        />
        {mode !== 'reset' ? (
          <PasswordField
            label="Password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (passwordError) setPasswordError(null);
            }}
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            hint={
              mode === 'signup'
                ? 'At least 8 characters. A few words strung together make a strong passphrase, and long ones are welcome.'
                : undefined
            }
            error={passwordError}
            required
            after={mode === 'signup' ? <PasswordStrengthMeter password={password} /> : null}
          />
        ) : null}
        {mode === 'signin' ? (
          <CheckboxField label="Remember me" checked={remember} onCheckedChange={setRemember} />
        ) : null}
        {mode === 'signup' ? (
          <p className={styles.smallNote}>
            Your password also locks your writing. SAM never sees it, so choose one you will remember.
          </p>
        ) : null}
        <Button type="submit" block busy={busy} busyLabel={BUSY_LABELS[mode]}>
          {SUBMIT_LABELS[mode]}
        </Button>
      </form>
      <div className={styles.altActions}>
        {mode === 'signin' ? (
          <>
            <Button variant="link" onClick={() => switchTo('reset')} disabled={busy}>
              Forgot password?
            </Button>
            <Button variant="link" onClick={() => switchTo('signup')} disabled={busy}>
              New to SAM? Create Account
            </Button>
          </>
        ) : (
          <Button variant="link" onClick={() => switchTo('signin')} disabled={busy}>
            {mode === 'signup' ? 'Already have an account? Sign In' : 'Back to Sign In'}
          </Button>
        )}
      </div>
    </Modal>
  );
}

const TOO_MANY_ATTEMPTS = 'too_many_attempts';

const SUBMIT_LABELS: Record<LoginMode, string> = {
  signin: 'Sign In',
  signup: 'Create Account',
  reset: 'Send reset code',
};

const BUSY_LABELS: Record<LoginMode, string> = {
  signin: 'Signing in...',
  signup: 'Creating account...',
  reset: 'Sending code...',
};
