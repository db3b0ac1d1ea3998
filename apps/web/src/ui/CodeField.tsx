import { AUTH_MESSAGES, CODE_LENGTH } from '@sam/core';
import type { ComponentProps } from 'react';
import { TextField } from './TextField.tsx';

type Props = Omit<ComponentProps<typeof TextField>, 'maxLength' | 'inputMode' | 'autoComplete' | 'hint'>;

/** A 6-digit code from an e-mail: the phone offers digits, and the code from the mail when it can. */
export function CodeField(props: Props) {
  return (
    <TextField
      maxLength={CODE_LENGTH}
      inputMode="numeric"
      autoComplete="one-time-code"
      hint={AUTH_MESSAGES.codeHint}
      {...props}
    />
  );
}
