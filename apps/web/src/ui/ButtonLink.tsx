import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { type ButtonVariant, buttonClass } from './Button.tsx';

type Props = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: 'md' | 'sm'; block?: boolean };

/** A link that looks like a button: for moving to another page, where a button would only act. */
export function ButtonLink({ variant = 'primary', size = 'md', block = false, className, ...rest }: Props) {
  return (
    <Link {...rest} className={[buttonClass(variant, size, block), className].filter(Boolean).join(' ')} />
  );
}
