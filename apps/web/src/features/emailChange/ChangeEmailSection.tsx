import { type FormEvent, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../app/http.ts';
import { useServerMutation, useServerQueryClient } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { CodeField } from '../../ui/CodeField.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { currentAuthValue, followEmailChange, useSession } from '../auth/index.ts';
import { type HeadingLevel, SectionHeading } from '../profile/index.ts';
import { emailChangeApi } from './api.ts';
import styles from './emailChange.module.css';

const CODE_PATTERN = /^\d{6}$/;

/**
 * Change e-mail: the new address and the password, then the 6-digit code sent to the new address. The
 * session stays signed in and every piece of writing stays readable: it is bound to the account, not the
 * address.
 */
export function ChangeEmailSection({ headingLevel }: { headingLevel: HeadingLevel }) {
  const session = useSession();
  const queryClient = useServerQueryClient();
  const email = session.user?.email ?? '';
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const authValue = useRef<string | null>(null);
  const sentMessage = useRef('');

  const start = useServerMutation({
    mutationFn: async () => {
      const address = newEmail.trim().toLowerCase();
      authValue.current ??= await currentAuthValue(email, password);
      return { address, reply: await emailChangeApi.start(address, authValue.current) };
    },
    onSuccess: ({ address, reply }) => {
      setSentTo(address);
      setDone(null);
      setCode('');
      setPassword('');
      confirm.reset();
      sentMessage.current = reply.message;
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) startOver();
    },
  });

  const confirm = useServerMutation({
    mutationFn: () => emailChangeApi.confirm(sentTo ?? '', code.trim()),
    onSuccess: (reply) => {
      followEmailChange(localStorage, email, reply.user.email);
      session.updateUser(reply.user);
      // The profile shows the address too.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      authValue.current = null;
      setSentTo(null);
      setNewEmail('');
      setCode('');
      setDone(reply.message);
    },
  });

  function startOver() {
    authValue.current = null;
    setSentTo(null);
    confirm.reset();
  }

  const submitStart = (event: FormEvent) => {
    event.preventDefault();
    if (newEmail.trim() && password) start.mutate();
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (CODE_PATTERN.test(code.trim())) confirm.mutate();
  };

  return (
    <>
      <SectionHeading level={headingLevel}>Change e-mail</SectionHeading>
      <p className={styles.note}>
        You sign in with <strong>{email}</strong>. Your writing stays readable after a change: it is locked to
        your account, not to your address.
      </p>
      {done ? <Message tone="success">{done}</Message> : null}
      {sentTo === null ? (
        <form onSubmit={submitStart} noValidate aria-label="Change e-mail">
          <TextField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => {
              start.reset();
              setNewEmail(event.target.value);
            }}
          />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              start.reset();
              setPassword(event.target.value);
            }}
          />
          {start.isError ? (
            <Message tone="danger">
              {errorMessage(start.error, 'The code could not be sent. Please try again.')}
            </Message>
          ) : null}
          <div className={styles.actions}>
            <Button
              type="submit"
              busy={start.isPending}
              busyLabel="Sending code..."
              disabled={!newEmail.trim() || !password}
            >
              Send code
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate aria-label="Confirm new e-mail">
          <Message tone="info">{sentMessage.current}</Message>
          <CodeField
            label="6-digit code"
            value={code}
            onChange={(event) => {
              confirm.reset();
              setCode(event.target.value);
            }}
            error={code.trim() && !CODE_PATTERN.test(code.trim()) ? 'The code has 6 digits.' : null}
          />
          {confirm.isError ? (
            <Message tone="danger">
              {errorMessage(confirm.error, 'Your e-mail could not be changed. Please try again.')}
            </Message>
          ) : null}
          <div className={styles.actions}>
            <Button
              type="submit"
              busy={confirm.isPending}
              busyLabel="Changing e-mail..."
              disabled={!CODE_PATTERN.test(code.trim())}
            >
              Change e-mail
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => start.mutate()}
              busy={start.isPending}
              busyLabel="Sending..."
            >
              Send a new code
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                start.reset();
                startOver();
              }}
            >
              Use another address
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
