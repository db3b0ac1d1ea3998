import type { ReactNode } from 'react';
import styles from './profile.module.css';

/** A section heading one level under its container: h3 inside the dialog (titled h2), h2 on the page. */
export type HeadingLevel = 2 | 3;

export function SectionHeading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return <Tag className={styles.heading}>{children}</Tag>;
}
