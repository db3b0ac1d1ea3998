import { createContext, useContext } from 'react';
import type { AlertOptions, ConfirmOptions, HelpOptions } from './types.ts';

export type DialogsApi = {
  /** Resolves true when confirmed, false when cancelled or dismissed. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  alert(options: AlertOptions): Promise<void>;
  help(options: HelpOptions): Promise<void>;
};

export const DialogsContext = createContext<DialogsApi | null>(null);

export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs must be used inside <DialogProvider>');
  return api;
}
