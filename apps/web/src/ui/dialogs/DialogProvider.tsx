import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../Button.tsx';
import { type DialogsApi, DialogsContext } from './dialogsContext.ts';
import { Modal } from './Modal.tsx';
import type { AlertOptions, ConfirmOptions, HelpOptions } from './types.ts';

type Request =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (value: boolean) => void }
  | { id: number; kind: 'alert'; options: AlertOptions; resolve: () => void }
  | { id: number; kind: 'help'; options: HelpOptions; resolve: () => void };

const DEFAULT_LABELS = { yes: 'Yes', no: 'No', ok: 'OK' };

/** Shows one dialog at a time, in the order they were asked for; each call resolves when it closes. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const nextId = useRef(1);

  const push = useCallback((request: Omit<Request, 'id'>) => {
    setQueue((q) => [...q, { ...request, id: nextId.current++ } as Request]);
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      confirm: (options) => new Promise((resolve) => push({ kind: 'confirm', options, resolve })),
      alert: (options) => new Promise((resolve) => push({ kind: 'alert', options, resolve })),
      help: (options) => new Promise((resolve) => push({ kind: 'help', options, resolve })),
    }),
    [push],
  );

  const current = queue[0];
  const finish = (value: boolean) => {
    if (!current) return;
    setQueue((q) => q.slice(1));
    if (current.kind === 'confirm') current.resolve(value);
    else current.resolve();
  };

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current ? <QueuedDialog key={current.id} request={current} onDone={finish} /> : null}
    </DialogsContext.Provider>
  );
}

function QueuedDialog({ request, onDone }: { request: Request; onDone: (value: boolean) => void }) {
  // Focus starts on the safe answer: OK, or No for a dangerous confirm, else Yes.
  const okRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const close = (open: boolean) => {
    if (!open) onDone(false);
  };

  if (request.kind === 'help') {
    const { title, content, maxWidth, maxHeight, okText } = request.options;
    return (
      <Modal
        open
        onOpenChange={close}
        title={title}
        variant="help"
        size="lg"
        scrollable
        maxWidth={maxWidth}
        maxHeight={maxHeight}
        initialFocusRef={okRef}
        footer={
          <Button ref={okRef} onClick={() => onDone(true)}>
            {okText ?? DEFAULT_LABELS.ok}
          </Button>
        }
      >
        {content}
      </Modal>
    );
  }

  if (request.kind === 'alert') {
    const { title, message, variant = 'info', okText } = request.options;
    return (
      <Modal
        open
        onOpenChange={close}
        title={title}
        variant={variant}
        size="sm"
        initialFocusRef={okRef}
        footer={
          <Button ref={okRef} onClick={() => onDone(true)}>
            {okText ?? DEFAULT_LABELS.ok}
          </Button>
        }
      >
        {typeof message === 'string' ? <p>{message}</p> : message}
      </Modal>
    );
  }

  const { title, message, variant = 'info', confirmText, cancelText } = request.options;
  return (
    <Modal
      open
      onOpenChange={close}
      title={title}
      variant={variant}
      size="sm"
      initialFocusRef={variant === 'danger' ? cancelRef : okRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={() => onDone(false)}>
            {cancelText ?? DEFAULT_LABELS.no}
          </Button>
          <Button
            ref={okRef}
            variant={variant === 'danger' ? 'danger' : 'primary'}
            onClick={() => onDone(true)}
          >
            {confirmText ?? DEFAULT_LABELS.yes}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <p>{message}</p> : message}
    </Modal>
  );
}
