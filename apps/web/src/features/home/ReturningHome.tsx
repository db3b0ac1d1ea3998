import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Page } from '../../ui/Page.tsx';
import { setHasAccountFlag, setRememberedEmail, useAuthDialogs } from '../auth/index.ts';
import styles from './home.module.css';
import { SmallExploreCards } from './SmallExploreCards.tsx';

export function ReturningHome() {
  const { openLogin } = useAuthDialogs();
  const startOver = () => {
    setHasAccountFlag(localStorage, false);
    setRememberedEmail(localStorage, null);
    window.location.reload();
  };
  return (
    <Page
      title="Welcome back"
      documentTitle=""
      intro={<p>It is good to see you. Pick up where you left off.</p>}
    >
      <div className={styles.returning}>
        <Card
          title="My Journey"
          actions={
            <>
              <Button onClick={() => openLogin({ mode: 'signin' })}>Login</Button>
              <Button variant="secondary" onClick={() => openLogin({ mode: 'signup' })}>
                Create Account
              </Button>
            </>
          }
        >
          <p>Sign in to continue your step work. Your writing is waiting for you, locked and private.</p>
        </Card>
        <div className={styles.smallCards}>
          <SmallExploreCards />
        </div>
      </div>
      <div className={styles.startOver}>
        <p>Not you, or sharing this device?</p>
        <Button variant="ghost" onClick={startOver}>
          Start Over
        </Button>
      </div>
    </Page>
  );
}
