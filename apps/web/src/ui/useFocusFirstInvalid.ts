import { type RefObject, useEffect } from 'react';

/** After a failed check, moves focus to the form's first invalid field so its error is read out. */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, trigger: unknown): void {
  useEffect(() => {
    if (!trigger) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, trigger]);
}
