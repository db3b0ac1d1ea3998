import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './content.module.css';
import { CONTENT_TAGS_NOT_FOUND } from './cutSection.ts';
import { type ContentState, useContentSection } from './useContentSection.ts';

export const CONTENT_LOAD_FAILED = 'Failed to load content. Please try again.';

type Props = { file: string; tag: string; errorText?: string; showSubtitle?: boolean };

export function contentTitle(state: ContentState, fallbackTitle = 'Error'): string {
  if (state.status === 'ready') return state.section.title || fallbackTitle;
  return state.status === 'loading' ? 'Loading...' : fallbackTitle;
}

/** The title of a content section, for a dialog's heading. */
export function ContentTitle({
  file,
  tag,
  fallbackTitle,
}: {
  file: string;
  tag: string;
  fallbackTitle?: string;
}) {
  return <>{contentTitle(useContentSection(file, tag), fallbackTitle)}</>;
}

/** A content section rendered as prose, with its loading and error states. */
export function ContentBody({ file, tag, errorText = CONTENT_LOAD_FAILED, showSubtitle = true }: Props) {
  const state = useContentSection(file, tag);
  if (state.status === 'loading') return <Spinner size="small" />;
  if (state.status === 'error') {
    return <Message tone="danger">{state.missingTags ? CONTENT_TAGS_NOT_FOUND : errorText}</Message>;
  }
  return (
    <>
      {showSubtitle && state.section.subtitle ? (
        <p className={styles.subtitle}>{state.section.subtitle}</p>
      ) : null}
      {/* Sanitized by DOMPurify in renderMarkdown. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized */}
      <div className={styles.prose} dangerouslySetInnerHTML={{ __html: state.section.html }} />
    </>
  );
}
