import { CRISIS_LINES, smsHref, telHref } from '@sam/core';
import { Link } from 'react-router';
import { useVersionInfo } from '../features/about/useVersionInfo.ts';
import { useSession } from '../features/auth/sessionContext.ts';
import styles from './Footer.module.css';
import { useShellDialogs } from './shellDialogs.tsx';

export function Footer() {
  const { user } = useSession();
  const dialogs = useShellDialogs();
  const { version } = useVersionInfo();
  const [lifeline, helpline] = CRISIS_LINES;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.row}>
          <nav aria-label="Footer">
            <ul className={styles.links}>
              <li>
                <Link to="/discover">Discover</Link>
              </li>
              <li>
                <Link to="/self-assess">Self-Assessment</Link>
              </li>
              <li>
                <Link to="/">Home</Link>
              </li>
            </ul>
          </nav>
          <div className={styles.buttons}>
            {user ? (
              <button type="button" className={styles.textButton} onClick={() => dialogs.open('feedback')}>
                Feedback
              </button>
            ) : null}
            <button type="button" className={styles.textButton} onClick={() => dialogs.open('about')}>
              About
            </button>
            <button type="button" className={styles.textButton} onClick={() => dialogs.open('privacy')}>
              Privacy Policy
            </button>
          </div>
        </div>
        <p className={styles.crisis}>
          Struggling right now? In the US, call{' '}
          <a className={styles.line} href={telHref(lifeline)}>
            {lifeline}
          </a>{' '}
          or{' '}
          <a className={styles.line} href={smsHref(lifeline)}>
            text {lifeline}
          </a>
          , or call{' '}
          <a className={styles.line} href={telHref(helpline)}>
            {helpline}
          </a>
          , any time.
        </p>
        <p className={styles.version}>Version {version}</p>
      </div>
    </footer>
  );
}
