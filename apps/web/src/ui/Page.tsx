import type { ReactNode } from 'react';
import styles from './Page.module.css';
import { useDocumentTitle } from './useDocumentTitle.ts';

type Props = {
  title: string;
  /** The browser tab's title when it differs from the heading; the home page passes ''. */
  documentTitle?: string;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
};

/** A page's heading, introduction and body, and the browser tab's title. */
export function Page({ title, documentTitle, eyebrow, intro, children }: Props) {
  const tabTitle = documentTitle ?? title;
  useDocumentTitle(tabTitle);
  return (
    // The build's prerender reads the tab title from here (apps/web/vite/prerender.ts).
    <div className={styles.page} data-document-title={tabTitle || undefined}>
      <header className={styles.header}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {intro ? <div className={styles.intro}>{intro}</div> : null}
      </header>
      {children}
    </div>
  );
}
