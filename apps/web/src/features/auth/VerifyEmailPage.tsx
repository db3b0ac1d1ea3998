import {
  AUTH_MESSAGES,
  CODE_USED_UP,
  resendError,
  type SessionReply,
  VERIFY_REDIRECT_MS,
  verificationError,
} from '@sam/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeField } from '../../ui/CodeField.tsx';
import { Message, type Tone } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { authApi } from './api.ts';
import styles from './auth.module.css';
import { useDataKey } from './dataKeyContext.ts';
import { takePendingKek } from './pendingKeks.ts';
import { useSession } from './sessionContext.ts';
import { signInWithPassword } from './signIn.ts';

/** pending (the form; also after an error) -> unlock (only without the sign-up kek) -> success. */
type Phase = 'pending' | 'unlock' | 'success';
/** `newCode`: the code is used up, and a new one is offered beside the message. */
type Notice = { tone: Tone; text: string; newCode?: boolean } | null;

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const dataKey = useDataKey();
  const [phase, setPhase] = useState<Phase>('pending');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | 'unlock' | null>(null);
  const [verifiedEmail, setVerifiedEmail] = useState('');
  // Someone else signed in on this browser: confirming replaces their session, so the page says so first.
  const otherAccount =
    session.user && session.user.email !== email.trim().toLowerCase() ? session.user.email : null;

  const finishWithKey = async (reply: SessionReply, kek: CryptoKey, authValue?: string) => {
    await dataKey.openWithKek(reply.user.id, reply.user.email, kek, authValue);
    setNotice(null);
    setPhase('success');
  };

  const verify = async (address: string, value: string) => {
    const problem = verificationError(address, value);
    if (problem) {
      setNotice({ tone: 'danger', text: problem });
      return;
    }
    setBusy('verify');
    setNotice(null);
    try {
      const reply = await authApi.confirm(address.trim(), value.trim());
      session.startSession(reply);
      setVerifiedEmail(reply.user.email);
      const kek = takePendingKek(address) ?? takePendingKek(reply.user.email);
      if (kek) await finishWithKey(reply, kek);
      else setPhase('unlock');
    } catch (e) {
      setNotice({
        tone: 'danger',
        text: errorMessage(e, AUTH_MESSAGES.verifyFailed),
        newCode: e instanceof ApiError && e.code === CODE_USED_UP,
      });
    } finally {
      setBusy(null);
    }
  };

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => navigate('/'), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const resend = async () => {
    const problem = resendError(email);
    if (problem) {
      setNotice({ tone: 'danger', text: problem });
      return;
    }
    setBusy('resend');
    setNotice(null);
    try {
      await authApi.resendConfirmation(email.trim());
      setNotice({ tone: 'success', text: AUTH_MESSAGES.resendSucceeded });
    } catch (e) {
      setNotice({ tone: 'danger', text: errorMessage(e, AUTH_MESSAGES.resendFailed) });
    } finally {
      setBusy(null);
    }
  };

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('unlock');
    setNotice(null);
    try {
      // A new account: its parameters are the ones this sign-up just used, not a change to question.
      const { reply, kek, authValue } = await signInWithPassword(verifiedEmail, password, {
        acceptChangedKdf: true,
      });
      session.startSession(reply);
      await finishWithKey(reply, kek, authValue);
    } catch (e) {
      setNotice({ tone: 'danger', text: errorMessage(e, AUTH_MESSAGES.loginModalDefault) });
    } finally {
      setBusy(null);
    }
  };

  if (phase === 'success') {
    return (
      <Page title="Email verified" documentTitle="Verify Your Email">
        <Message tone="success">
          Your email is verified. Welcome to SAM! Taking you to your home page in a moment.
        </Message>
        <Link to="/">Go to my home page now</Link>
      </Page>
    );
  }

  if (phase === 'unlock') {
    return (
      <Page
        title="One more step"
        documentTitle="Verify Your Email"
        intro="Your email is verified. Enter your password once more so SAM can create the key that keeps your writing private. It never leaves this device."
      >
        <div className={styles.narrow}>
          {notice ? <Message tone={notice.tone}>{notice.text}</Message> : null}
          <form onSubmit={unlock}>
            <TextField label="Email" type="email" value={verifiedEmail} readOnly autoComplete="username" />
            <PasswordField
              label="Password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              required
              autoFocus
            />
            <Button
              type="submit"
              block
              busy={busy === 'unlock'}
              busyLabel="Setting up..."
              disabled={!password}
            >
              Continue
            </Button>
          </form>
          <div className={styles.altActions}>
            <Button variant="link" onClick={() => setPhase('success')} disabled={busy !== null}>
              Do this later
            </Button>
          </div>
        </div>
      </Page>
    );
  }

  return (
    <Page
      title="Verify Your Email"
      intro="We sent a 6-digit code to your email. Enter it here to finish creating your account."
    >
      <div className={styles.narrow}>
        {notice ? (
          <Message tone={notice.tone}>
            {notice.text}
            {notice.newCode ? (
              <>
                {' '}
                <Button variant="link" onClick={resend} disabled={busy !== null}>
                  Send a new code
                </Button>
              </>
            ) : null}
          </Message>
        ) : null}
        {otherAccount ? (
          <Message tone="warning">
            You are signed in as {otherAccount}. Confirming this address will sign you out of that account on
            this device.
          </Message>
        ) : null}
        {/* A link fills the form in; nothing is confirmed until the person clicks Verify. */}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void verify(email, code);
          }}
        >
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            required
          />
          <CodeField
            label="Verification code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className={styles.codeField}
            required
            autoFocus={Boolean(email)}
          />
          <Button
            type="submit"
            block
            busy={busy === 'verify'}
            busyLabel="Verifying..."
            disabled={busy !== null}
          >
            Verify
          </Button>
        </form>
        <div className={styles.altActions}>
          <span>Didn't get it? Check your spam folder, or</span>
          <Button
            variant="link"
            onClick={resend}
            busy={busy === 'resend'}
            busyLabel="Sending..."
            disabled={busy !== null}
          >
            Resend code
          </Button>
        </div>
      </div>
    </Page>
  );
}
