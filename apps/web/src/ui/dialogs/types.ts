import type { ReactNode } from 'react';
import type { DialogVariant } from './Modal.tsx';

export type ConfirmOptions = {
  title: ReactNode;
  message?: ReactNode;
  variant?: DialogVariant;
  /** Defaults: Yes / No. */
  confirmText?: string;
  cancelText?: string;
};

export type AlertOptions = {
  title: ReactNode;
  message?: ReactNode;
  variant?: DialogVariant;
  /** Default: OK. */
  okText?: string;
};

export type HelpOptions = {
  title: ReactNode;
  content: ReactNode;
  /** CSS lengths, e.g. '40rem' and '80vh'. */
  maxWidth?: string;
  maxHeight?: string;
  okText?: string;
};
