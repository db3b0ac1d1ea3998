import styles from './Spinner.module.css';

export type SpinnerSize = 'small' | 'medium' | 'large';

type Props = { size?: SpinnerSize; message?: string; fullScreen?: boolean };

export function Spinner({ size = 'medium', message = 'Loading...', fullScreen = false }: Props) {
  return (
    <div className={fullScreen ? styles.fullScreen : styles.inline} role="status" aria-live="polite">
      <span className={`${styles.wheel} ${styles[size]}`} aria-hidden="true" />
      {message ? <span className={styles.message}>{message}</span> : null}
    </div>
  );
}
