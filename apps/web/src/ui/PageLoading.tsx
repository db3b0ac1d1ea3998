import styles from './PageLoading.module.css';
import { Spinner } from './Spinner.tsx';

/**
 * A signed-in page's content while the session's key and its data load, in place of all of it: one
 * status message in a screen's height of room, so the footer stays below the fold and does not jump when
 * the content arrives. The message shows after a moment, so a quick load does not flash it.
 */
export function PageLoading({ message }: { message: string }) {
  return (
    <div className={styles.room} aria-busy="true">
      <Spinner message={message} />
    </div>
  );
}
