import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { Page } from '../../ui/Page.tsx';
import { setHasAccountFlag, useAuthDialogs } from '../auth/index.ts';
import styles from './home.module.css';

export function ReturningHome() {
  const { openLogin } = useAuthDialogs();
  const startOver = () => {
    setHasAccountFlag(localStorage, false);
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
          <Card
            title="Assess"
            size="small"
            actions={
              <ButtonLink to="/self-assess" variant="secondary" size="sm">
                Self-assessment
              </ButtonLink>
            }
          >
            <p>A private check, about 5 to 10 minutes.</p>
          </Card>
          <Card
            title="Discover"
            size="small"
            actions={
              <ButtonLink to="/discover" variant="secondary" size="sm">
                Explore recovery
              </ButtonLink>
            }
          >
            <p>Eight fellowships and how they help.</p>
          </Card>
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
