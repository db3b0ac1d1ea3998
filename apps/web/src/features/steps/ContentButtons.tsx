import { STEP_MESSAGES } from '@sam/core';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ContentDialog, ContentTitle, useContentSection } from '../content/index.ts';
import styles from './steps.module.css';

/** A button that opens one section of a content file in a modal. */
export function ContentButton({
  file,
  tag,
  label,
  ariaLabel,
  icon,
}: {
  file: string;
  tag: string;
  label: string;
  ariaLabel?: string;
  icon?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {label}
      </Button>
      {open ? <ContentDialog open onOpenChange={setOpen} file={file} tag={tag} /> : null}
    </>
  );
}

function QuestionHelpBody({ file, tag }: { file: string; tag: string }) {
  const state = useContentSection(file, tag);
  if (state.status === 'loading') return <Spinner size="small" />;
  if (state.status === 'error') {
    return (
      <Message tone="danger">
        {state.missingTags ? STEP_MESSAGES.helpNotFound : STEP_MESSAGES.helpLoadError}
      </Message>
    );
  }
  return (
    <>
      {/* Sanitized by DOMPurify in renderMarkdown. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized */}
      <div className={styles.contentProse} dangerouslySetInnerHTML={{ __html: state.section.html }} />
    </>
  );
}

/** The '?' button beside a question: help cut from a content file by its tag. */
export function QuestionHelpButton({
  file,
  tag,
  question,
  title,
}: {
  file: string;
  tag: string;
  /** The question's number or name, for the button's accessible name. */
  question: string;
  title: string;
}) {
  const dialogs = useDialogs();
  return (
    <button
      type="button"
      className={styles.helpButton}
      aria-label={`Help with ${question}`}
      onClick={() =>
        void dialogs.help({
          title: <ContentTitle file={file} tag={tag} fallbackTitle={title} />,
          content: <QuestionHelpBody file={file} tag={tag} />,
        })
      }
    >
      <span aria-hidden="true">?</span>
    </button>
  );
}
