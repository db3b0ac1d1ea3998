import { STEP_MESSAGES } from '@sam/core';
import { useState } from 'react';
import { useServerQuery } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ContentDialog, ContentTitle, fetchContentFile, useContentSection } from '../content/index.ts';
import { videoIdFrom } from './content.ts';
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

/** The video modal's button, shown only where the content file configures a video id. */
export function VideoButton({ file }: { file: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const raw = useServerQuery({
    queryKey: ['content-file', file],
    queryFn: () => fetchContentFile(file),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const videoId = raw.data ? videoIdFrom(raw.data) : null;
  if (!videoId) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Watch the video
      </Button>
      <Modal
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setLoaded(false);
        }}
        title={STEP_MESSAGES.videoTitle}
        size="lg"
      >
        {loaded ? null : <Spinner message={STEP_MESSAGES.videoLoading} />}
        <div className={styles.video}>
          <iframe
            title={STEP_MESSAGES.videoTitle}
            src={`https://www.youtube-nocookie.com/embed/${videoId}`}
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={() => setLoaded(true)}
          />
        </div>
      </Modal>
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
