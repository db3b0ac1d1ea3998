import * as Dialog from '@radix-ui/react-dialog';
import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import styles from './Modal.module.css';

export type DialogVariant = 'info' | 'success' | 'warning' | 'danger' | 'help';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** One line under the title, read by screen readers as the dialog's description. */
  description?: ReactNode;
  variant?: DialogVariant;
  size?: 'sm' | 'md' | 'lg';
  /** false: Escape, clicks outside and the close button do nothing; the content must offer a way on. */
  dismissible?: boolean;
  maxWidth?: string;
  maxHeight?: string;
  footer?: ReactNode;
  /** The element to focus on open (Radix otherwise focuses the first focusable one). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** For long reading (content, help): the body itself takes focus so it can be scrolled by keyboard. */
  scrollable?: boolean;
  children?: ReactNode;
};

/**
 * The element that last had focus. A click on a backdrop moves focus to the page body, and a prompt it
 * opens (Close without saving?) should give focus back to where the person was, not to the body.
 */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    lastFocused = event.target instanceof Element ? event.target : null;
  });
}

/** The one frame every dialog in SAM uses: Radix handles focus trapping, Escape and screen readers. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  variant,
  size = 'md',
  dismissible = true,
  maxWidth,
  maxHeight,
  footer,
  initialFocusRef,
  scrollable = false,
  children,
}: ModalProps) {
  // Our dialogs open from code, not from a Radix Trigger, so Radix has nowhere to return focus to.
  // Runs before Radix moves focus into the dialog, so activeElement is still the opener.
  const returnFocusTo = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    returnFocusTo.current = active && active !== document.body ? active : lastFocused;
  }, [open]);
  const limits: CSSProperties = {};
  if (maxWidth) limits.maxWidth = maxWidth;
  if (maxHeight) limits.maxHeight = maxHeight;
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={[styles.content, styles[size], variant ? styles[variant] : ''].join(' ')}
          style={limits}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target instanceof HTMLElement && target.isConnected) target.focus();
          }}
          onOpenAutoFocus={(event) => {
            if (initialFocusRef?.current) {
              event.preventDefault();
              initialFocusRef.current.focus();
            }
          }}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {dismissible ? (
              <Dialog.Close className={styles.close} aria-label="Close">
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            ) : null}
          </div>
          {/* Long content scrolls here; keyboard users can focus it to scroll. */}
          <div className={styles.body} tabIndex={scrollable ? 0 : undefined}>
            {description ? (
              <Dialog.Description className={styles.description}>{description}</Dialog.Description>
            ) : null}
            {children}
          </div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
