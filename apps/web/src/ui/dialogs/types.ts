import type { ReactNode } from 'react';
import type { DialogVariant } from './Modal.tsx';

export type ConfirmOptions = {
  title: ReactNode;
  message?: ReactNode;
  variant?: DialogVariant;
  /** Defaults: Yes / No. */
  confirmText?: string;
  cancelText?: string;
  /** The answer that takes focus first. Default: cancel for a danger confirm, confirm otherwise. */
  safeAnswer?: 'confirm' | 'cancel';
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

/** One queued call of useDialogs(), resolved when its dialog closes. */
export type DialogRequest =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (value: boolean) => void }
  | { id: number; kind: 'alert'; options: AlertOptions; resolve: () => void }
  | { id: number; kind: 'help'; options: HelpOptions; resolve: () => void };
