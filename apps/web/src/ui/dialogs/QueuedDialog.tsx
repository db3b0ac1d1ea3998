import { useRef } from 'react';
import { Button } from '../Button.tsx';
import { Modal } from './Modal.tsx';
import type { DialogRequest } from './types.ts';

const DEFAULT_LABELS = { yes: 'Yes', no: 'No', ok: 'OK' };

export function QueuedDialog({
  request,
  onDone,
}: {
  request: DialogRequest;
  onDone: (value: boolean) => void;
}) {
  // Focus starts on the safe answer: OK, or the confirm's safeAnswer.
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

  const {
    title,
    message,
    variant = 'info',
    confirmText,
    cancelText,
    safeAnswer = variant === 'danger' ? 'cancel' : 'confirm',
  } = request.options;
  return (
    <Modal
      open
      onOpenChange={close}
      title={title}
      variant={variant}
      size="sm"
      initialFocusRef={safeAnswer === 'cancel' ? cancelRef : okRef}
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
