import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { Page } from '../../ui/Page.tsx';
import { useAuthDialogs } from '../auth/index.ts';
import styles from './home.module.css';

/**
 * The first-time visitor's home page. `prerendered`: it is the build's markup, still being taken over; a
 * browser that has had an account keeps it hidden (public/first-paint.js), as its own home page follows.
 */
export function PublicHome({ prerendered = false }: { prerendered?: boolean }) {
  const { openLogin } = useAuthDialogs();
  return (
    <div className={prerendered ? styles.firstVisitOnly : undefined}>
      <Page
        title="Welcome to SAM"
        documentTitle=""
        intro={
          <p>
            A private place to work your twelve-step recovery, one day at a time. What you write is encrypted
            on your device before it is saved, so only you can read it.
          </p>
        }
      >
        <div className={styles.cards}>
          <Card
            title="Assess"
            actions={
              <ButtonLink to="/self-assess" variant="secondary">
                Take the self-assessment
              </ButtonLink>
            }
          >
            <p>
              Wondering whether you have a problem? A private check of 5 to 10 minutes. It is not a diagnosis.
            </p>
          </Card>
          <Card
            title="Discover"
            actions={
              <ButtonLink to="/discover" variant="secondary">
                Explore recovery
              </ButtonLink>
            }
          >
            <p>Learn how twelve-step recovery works and meet eight fellowships, from SAA to CoDA.</p>
          </Card>
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
            <p>
              Work SAA's twelve steps with guidance, keep your inventories and see your progress, privately.
            </p>
          </Card>
        </div>
      </Page>
    </div>
  );
}
