import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { queryClient, useServerMutation } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { currentAuthValue, useDataCipher, useSession } from '../auth/index.ts';
import { sponsorSpaceApi } from './api.ts';
import { IdentityKeyUnopenable, replaceIdentityKey } from './identityKeySetup.ts';
import styles from './sponsorSpace.module.css';
import { identityKeyQueryKey, useIdentityKey } from './useIdentityKey.ts';
import { SPACE_WORDING as W } from './wording.ts';

/**
 * Shown where the sponsor space would be when the stored identity key cannot be opened in this browser:
 * says what it may mean, and makes a new key only with the password again (decision 43).
 */
export function NewIdentityKey() {
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const identity = useIdentityKey();
  const [password, setPassword] = useState('');
  const stored = identity.error instanceof IdentityKeyUnopenable ? identity.error.stored : null;
  const replace = useServerMutation({
    mutationFn: async () => {
      if (!user || !cipher || !stored) throw new Error('The data key is not open');
      const authValue = await currentAuthValue(user.email, password);
      return replaceIdentityKey(cipher, sponsorSpaceApi, stored, authValue);
    },
    onSuccess: async (made) => {
      const userId = user?.id ?? null;
      queryClient.setQueryData(identityKeyQueryKey(userId), made);
      await queryClient.invalidateQueries({ queryKey: ['sponsor-space', userId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) replace.mutate();
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-label={W.newKeyTitle}>
      <Message tone="warning">{W.keyUnopenable}</Message>
      <PasswordField
        label="Your password"
        hint={W.newKeyHint}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {replace.isError ? (
        <Message tone="danger">{errorMessage(replace.error, W.newKeyFailed)}</Message>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={!password || replace.isPending}>
          {W.newKeyTitle}
        </Button>
      </div>
    </form>
  );
}
