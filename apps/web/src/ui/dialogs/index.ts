export { DialogProvider } from './DialogProvider.tsx';
export { type DialogsApi, useDialogs } from './dialogsContext.ts';
export { type DialogVariant, Modal, type ModalProps } from './Modal.tsx';
export type { AlertOptions, ConfirmOptions, HelpOptions } from './types.ts';
