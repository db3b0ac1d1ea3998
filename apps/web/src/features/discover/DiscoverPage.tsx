import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { ProgramCards } from '../programs/index.ts';
import styles from './discover.module.css';

/** /discover: how addiction and twelve-step recovery work, the eight fellowships, and where to begin. */
export function DiscoverPage() {
  return (
    <Page
      title="Discover Recovery"
      intro="Plain words about addiction and recovery, and the fellowships where people find help."
    >
      <section aria-labelledby="understanding" className={styles.section}>
        <h2 id="understanding">Understanding Addiction</h2>
        <p>
          Addiction is not a lack of willpower or a moral failing. It is a pattern: something that once
          brought relief or excitement becomes something we keep doing even when it hurts us and the people we
          love. Many of us tried to stop on our own, again and again, and felt more alone each time.
        </p>
        <p>
          Recovery is possible, and it usually starts with not doing it alone. Twelve-step fellowships are
          groups of people with the same problem who meet, share honestly, and work a set of steps together,
          often with a sponsor who has walked the road before. There are no fees, and you are welcome whatever
          you believe.
        </p>
      </section>
      <section aria-labelledby="programs" className={styles.section}>
        <h2 id="programs">Recovery Programs</h2>
        <p>Each fellowship focuses on one kind of addiction. Many people belong to more than one.</p>
        <ProgramCards headingLevel={3} withTags />
      </section>
      <section aria-labelledby="getting-started" className={styles.section}>
        <h2 id="getting-started">Getting Started</h2>
        <p>Not sure which fellowship fits? A private self-assessment can point the way.</p>
        <div className={styles.actions}>
          <ButtonLink to="/self-assess">Take the self-assessment</ButtonLink>
          <ButtonLink to="/recovery-programs" variant="secondary">
            Browse recovery programs
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
