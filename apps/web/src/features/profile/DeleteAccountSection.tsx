import { deleteConfirmationMatches, emailMismatchMessage, PROFILE_UI_MESSAGES } from '@sam/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { useServerMutation } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { currentAuthValue } from '../auth/index.ts';
import { profileApi } from './api.ts';
import { type HeadingLevel, SectionHeading } from './Heading.tsx';
import styles from './profile.module.css';
import { useSignOutDeleted } from './useSignOutDeleted.ts';

/** Delete account: says what goes, asks for the e-mail typed out and the password, then deletes and signs out. */
export function DeleteAccountSection({ email, headingLevel }: { email: string; headingLevel: HeadingLevel }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const signOut = useSignOutDeleted();
  const matches = deleteConfirmationMatches(typed, email);
  const remove = useServerMutation({
    mutationFn: async () => profileApi.deleteAccount(email, await currentAuthValue(email, password)),
    onSuccess: signOut,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && password) remove.mutate();
  };
  const cancel = () => {
    returnFocus.current = true;
    setOpen(false);
    setTyped('');
    setPassword('');
    remove.reset();
  };
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    opener.current?.focus();
  }, [open]);

  return (
    <>
      <SectionHeading level={headingLevel}>Delete account</SectionHeading>
      <p className={styles.note}>
        Deleting your account removes everything SAM keeps for you: your step work and answers, your Step Four
        inventories, your profile, shared documents, sponsorship links and your encryption key. Feedback you
        sent stays with the team without your e-mail. This cannot be undone; if you may want your writing
        later, make a backup first.
      </p>
      {open ? (
        <form className={styles.danger} onSubmit={submit} noValidate aria-label="Delete account">
          <TextField
            label="Type your e-mail to confirm"
            hint={`Enter ${email} to delete this account.`}
            type="email"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={typed.trim() && !matches ? emailMismatchMessage(email) : null}
          />
          <PasswordField
            label="Your password"
            hint="A signed-in device alone cannot delete an account."
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {remove.isError ? (
            <Message tone="danger">{errorMessage(remove.error, PROFILE_UI_MESSAGES.deleteFailed)}</Message>
          ) : null}
          <div className={styles.actions}>
            <Button
              type="submit"
              variant="danger"
              disabled={!matches || !password}
              busy={remove.isPending}
              busyLabel="Deleting..."
            >
              Delete my account
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={remove.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button ref={opener} variant="danger" onClick={() => setOpen(true)}>
          Delete account…
        </Button>
      )}
    </>
  );
}
