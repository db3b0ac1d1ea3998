import type { ReactNode } from 'react';
import styles from './Message.module.css';

export type Tone = 'info' | 'success' | 'warning' | 'danger';

/** An inline notice. Errors are announced at once (role=alert); other tones politely (role=status). */
export function Message({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div className={`${styles.message} ${styles[tone]}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
