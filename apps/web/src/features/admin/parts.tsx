import { pageCount } from '@sam/core';
import { ApiError } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import styles from './admin.module.css';

/** The server's reason for a failure, when it gave one worth showing under the screen's own message. */
export function serverDetail(error: unknown): string | null {
  if (error instanceof ApiError && error.status !== 0 && error.detail) return error.detail;
  return null;
}

/** A failure: the screen's own message, then the server's detail when there is one. */
export function Failure({ message, error }: { message: string; error?: unknown }) {
  const detail = error === undefined ? null : serverDetail(error);
  return (
    <Message tone="danger">
      <p>{message}</p>
      {detail && detail !== message ? <p className={styles.muted}>{detail}</p> : null}
    </Message>
  );
}

export function YesNo({ value, yes = 'Yes', no = 'No' }: { value: boolean; yes?: string; no?: string }) {
  return <span className={`${styles.badge} ${value ? styles.badgeYes : ''}`}>{value ? yes : no}</span>;
}

type PagerProps = {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
};

/** Previous / next paging with "Page 2 of 7"; the list's total is shown by the caller. */
export function Pager({ label, page, pageSize, total, onPage, busy }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** After a dialog closes on a row that is gone (reviewed, deleted), keeps focus in the panel. */
export function refocus(target: HTMLElement | null): void {
  requestAnimationFrame(() => {
    if (target && (document.activeElement === document.body || !document.activeElement)) target.focus();
  });
}
