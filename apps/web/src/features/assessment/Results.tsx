import {
  type AreaResult,
  levelABand,
  rankAreas,
  rankedProgramSlugs,
  recognizedPatterns,
  storedAreaAnswers,
} from '@sam/core';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { Message } from '../../ui/Message.tsx';
import styles from './assessment.module.css';
import type { AssessmentState } from './assessmentState.ts';
import { CrisisLines } from './parts.tsx';

const SUBTITLES = {
  hurting:
    'Some of what you shared sounds like it is hurting you. That is hard to face, and you deserve support. These communities are full of people who have felt the same.',
  some: 'Some of your answers point to patterns worth a closer look. Here is where people with similar answers often find support.',
  few: 'Your answers do not point strongly to a problem right now. If something still worries you, these places are open to you.',
} as const;

export function Results({
  state,
  onRetake,
  focusRef,
}: {
  state: AssessmentState;
  onRetake: () => void;
  focusRef: RefObject<HTMLHeadingElement | null>;
}) {
  const navigate = useNavigate();
  const results = rankAreas(state.modules_selected, storedAreaAnswers(state));
  const slugs = rankedProgramSlugs(results);
  const patterns = recognizedPatterns(state.levelA.answers);
  const band = levelABand(state.levelA.yes_count);

  return (
    <section aria-labelledby="stage-heading">
      <h2 id="stage-heading" ref={focusRef} tabIndex={-1} className={styles.stageHeading}>
        Your Results
      </h2>
      <p className={styles.lead}>{SUBTITLES[band]}</p>

      {results.length > 0 ? (
        <ol className={styles.results} aria-label="Suggested programs, best fit first">
          {results.map((r, i) => (
            <ResultCard key={r.module.id} result={r} rank={i + 1} />
          ))}
        </ol>
      ) : (
        <Message>
          {state.modules_selected.length > 0
            ? 'You answered no to every question in the areas you chose, so no one program stands out.'
            : 'No area was looked at in detail, so no one program stands out.'}{' '}
          You are still welcome to explore any of them.
        </Message>
      )}

      <div className={styles.cards}>
        <Card
          title="Ready to begin your recovery journey?"
          actions={
            <>
              <Button
                block
                onClick={() =>
                  navigate('/onboarding', { state: { preselectedPrograms: slugs, fromAssessment: true } })
                }
              >
                Start My Recovery Journey
              </Button>
              <ButtonLink to="/discover" variant="secondary" block>
                Explore More Programs
              </ButtonLink>
            </>
          }
        >
          <p>
            Choose a program to work with SAM. Your suggestions come along, and you can change your mind at
            any time.
          </p>
        </Card>
        <Card
          title="Also worth exploring"
          actions={
            <ButtonLink to="/recovery-programs" variant="secondary" block>
              Browse all programs
            </ButtonLink>
          }
        >
          <p>Many people find help in more than one fellowship. All eight are listed in one place.</p>
        </Card>
      </div>

      <section aria-labelledby="patterns-heading" className={styles.block}>
        <h2 id="patterns-heading">Patterns you recognized</h2>
        {patterns.length > 0 ? (
          <ul className={styles.patterns}>
            {patterns.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : (
          <p>You did not say yes to any of the general questions.</p>
        )}
      </section>

      <section aria-labelledby="disclaimer-heading" className={styles.block}>
        <h2 id="disclaimer-heading" className={styles.smallHeading}>
          About these results
        </h2>
        <p className={styles.disclaimer}>
          This self-assessment is not a diagnosis and is not medical advice. Only you can decide whether you
          have a problem. Whatever your answers, you are welcome in recovery communities: you do not need to
          be sure you are an addict to go to a meeting and listen. For medical or mental-health care, please
          talk to a professional.
        </p>
      </section>

      <CrisisLines />

      <Button variant="secondary" block onClick={onRetake}>
        Retake assessment
      </Button>
    </section>
  );
}

function ResultCard({ result, rank }: { result: AreaResult; rank: number }) {
  const { module } = result;
  const headingId = `result-${module.id}`;
  return (
    <li className={styles.result}>
      <div className={styles.resultTop}>
        <h3 id={headingId} className={styles.resultTitle}>
          <span className="visually-hidden">{rank}. </span>
          {module.program_name}
        </h3>
        <span className={`${styles.badge} ${styles[result.fit]}`}>{result.fitLabel}</span>
      </div>
      <p className={styles.resultArea}>
        From your answers about {module.name.toLowerCase()}: {result.yes} of {result.total} yes.
      </p>
      <p className={styles.why}>Why this suggestion:</p>
      <ul className={styles.reasons}>
        {result.reasons.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <ButtonLink to={`/programs/${module.program_slug}`} variant="secondary" block>
        Learn about {module.program_initials}
      </ButtonLink>
    </li>
  );
}
