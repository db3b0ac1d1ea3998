import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { ContentBody, contentTitle } from './ContentBody.tsx';
import { useContentSection } from './useContentSection.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  file: string;
  tag: string;
  /** The title when the content cannot be shown ('Error' when not given). */
  fallbackTitle?: string;
  errorText?: string;
  /** Shown after the content, e.g. the version in About. */
  children?: ReactNode;
};

/** A modal showing one section of a content file: title from the section, body as prose. */
export function ContentDialog({ open, onOpenChange, file, tag, fallbackTitle, errorText, children }: Props) {
  const state = useContentSection(file, tag);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={contentTitle(state, fallbackTitle)}
      size="lg"
      variant="help"
      scrollable
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <ContentBody file={file} tag={tag} errorText={errorText} />
      {children}
    </Modal>
  );
}
