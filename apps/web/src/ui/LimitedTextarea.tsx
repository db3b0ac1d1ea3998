import type { TextareaHTMLAttributes } from 'react';
import { LengthCounter } from './LengthCounter.tsx';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength' | 'value'> & {
  id: string;
  value: string;
  /** The field's limit from FIELD_LIMITS: typing stops there, and a counter shows near it. */
  limit: number;
};

/**
 * A text area that cannot take more than its limit, with a counter once the text is near it. Text
 * already longer (saved before the limit existed) is shown whole; saving it asks to shorten it.
 */
export function LimitedTextarea({ id, value, limit, ...rest }: Props) {
  const counterId = `${id}-counter`;
  const describedBy = [rest['aria-describedby'], counterId].filter(Boolean).join(' ');
  return (
    <>
      <textarea
        {...rest}
        id={id}
        value={value}
        maxLength={Math.max(limit, value.length)}
        aria-describedby={describedBy}
      />
      <LengthCounter id={counterId} length={value.length} limit={limit} />
    </>
  );
}
