import type { ReactNode } from 'react';
import styles from './Card.module.css';

type Props = {
  title: ReactNode;
  /** The heading level that fits the page's outline. */
  level?: 2 | 3;
  size?: 'large' | 'small';
  children?: ReactNode;
  actions?: ReactNode;
};

export function Card({ title, level = 2, size = 'large', children, actions }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={[styles.card, styles[size]].filter(Boolean).join(' ')}>
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.body}>{children}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
