// Modal is imported from './Modal.tsx' directly: through this file it would join every page's first load.
export { DialogProvider } from './DialogProvider.tsx';
export { type DialogsApi, useDialogs } from './dialogsContext.ts';
export type { AlertOptions, ConfirmOptions, HelpOptions } from './types.ts';
