import { changePasswordFormError, PROFILE_UI_MESSAGES } from '@sam/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { useServerMutation } from '../../app/serverState.tsx';
import { CryptoError } from '../../crypto/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { PasswordStrengthMeter, useSession } from '../auth/index.ts';
import { changePassword } from './changePassword.ts';
import { type HeadingLevel, SectionHeading } from './Heading.tsx';
import styles from './profile.module.css';

const EMPTY = { current: '', password: '', confirm: '' };

/** Change password (signed in): current, new with the strength meter and length rule, and confirm. */
export function ChangePasswordSection({ headingLevel }: { headingLevel: HeadingLevel }) {
  const { user } = useSession();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useServerMutation({
    mutationFn: () => {
      if (!user) throw new Error('Not signed in');
      return changePassword({ userId: user.id, email: user.email }, form.current, form.password);
    },
    onSuccess: () => setForm(EMPTY),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = changePasswordFormError(form);
    setProblem(found);
    if (!found) change.mutate();
  };

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    change.reset();
    setForm({ ...form, [name]: event.target.value });
  };

  const failure =
    change.error instanceof CryptoError
      ? change.error.message
      : errorMessage(change.error, 'Your password could not be changed. Please try again.');

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <SectionHeading level={headingLevel}>Change password</SectionHeading>
      <p className={styles.note}>
        Your writing stays readable: SAM locks the same encryption key with your new password.
      </p>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={form.current}
        onChange={set('current')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters. A few unrelated words make a strong password."
        value={form.password}
        onChange={set('password')}
        after={<PasswordStrengthMeter password={form.password} />}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={set('confirm')}
      />
      {problem ? <Message tone="danger">{problem}</Message> : null}
      {change.isError ? <Message tone="danger">{failure}</Message> : null}
      {change.isSuccess ? <Message tone="success">{PROFILE_UI_MESSAGES.passwordChanged}</Message> : null}
      <div className={styles.actions}>
        <Button type="submit" busy={change.isPending} busyLabel="Changing password...">
          Change password
        </Button>
      </div>
    </form>
  );
}
