import {
  ONBOARDING_OPTIONS,
  type OnboardingChoice,
  onboardingSave,
  type ProgramId,
  rankedRecommendations,
} from '@sam/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { useAuthDialogs, useSession } from '../auth/index.ts';
import {
  clearPendingChoice,
  savePendingChoice,
  usePreferences,
  useSavePreferences,
} from '../preferences/index.ts';
import { programById } from '../programs/index.ts';
import styles from './onboarding.module.css';

/** The route state the self-assessment sends; each field is checked before use: history may hold anything. */
type OnboardingState = { preselectedPrograms?: unknown; fromAssessment?: unknown } | null;

function optionLabel(choice: OnboardingChoice): string {
  return choice === 'not-sure' ? 'Not sure yet' : programById(choice).name;
}

/** /onboarding: pick a primary program, with or without the self-assessment's ranked results. */
export function OnboardingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { openLogin } = useAuthDialogs();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const [chosen, setChosen] = useState<OnboardingChoice | null>(null);
  const [waitingFor, setWaitingFor] = useState<OnboardingChoice | null>(null);

  const state = location.state as OnboardingState;
  const fromAssessment = state?.fromAssessment === true;
  const recommended: ProgramId[] = rankedRecommendations(state?.preselectedPrograms);
  const showResults = fromAssessment && recommended.length > 0;

  const choose = async (choice: OnboardingChoice) => {
    if (!user) {
      if (choice === 'not-sure') {
        clearPendingChoice(sessionStorage);
        navigate('/');
        return;
      }
      savePendingChoice(sessionStorage, choice);
      setWaitingFor(choice);
      openLogin({ mode: 'signup' });
      return;
    }
    setChosen(choice);
    const body = onboardingSave(preferences.data ?? null, choice);
    if (body) {
      try {
        await save.mutateAsync(body);
      } catch (error) {
        console.error('Failed to save program preferences', error);
      }
    }
    navigate('/');
  };

  const skip = () => {
    clearPendingChoice(sessionStorage);
    navigate('/');
  };

  const busy = user !== null && (preferences.isPending || chosen !== null);
  // Opened through "Change my primary program": the program that is primary now is marked.
  const current = user ? (preferences.data?.primaryProgram ?? null) : null;

  return (
    <Page
      title={showResults ? 'Your Assessment Results' : 'Pick your primary recovery program'}
      documentTitle={showResults ? 'Your Assessment Results' : 'Pick your primary recovery program'}
      intro={
        showResults ? (
          <p>
            Based on your answers, these programs may be a good fit. The first is suggested as your primary
            program. Choose the one you want to work: only that program is added to your programs, and you can
            add others later.
          </p>
        ) : (
          <p>
            Choose the program you are working first. SAM shapes your home page around it; change it any time.
            {current ? ` Your primary program now is ${programById(current).name}.` : null}
          </p>
        )
      }
    >
      {showResults ? (
        <section className={styles.results} aria-labelledby="recommended-heading">
          <h2 id="recommended-heading" className={styles.sectionTitle}>
            Recommended for you
          </h2>
          <ol className={styles.ranked}>
            {recommended.map((id, index) => (
              <li key={id} className={styles.rankedItem}>
                <span className={styles.rank}>#{index + 1}</span>
                <span>
                  <span className={styles.rankedName}>{programById(id).name}</span>
                  {index === 0 ? <span className={styles.primaryBadge}>Primary</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {!user ? (
        <aside className={styles.signIn} aria-label="Sign in">
          <p>
            Sign in or create an account first, so your choice can be saved. If you pick a program now, SAM
            keeps it while you sign in.
          </p>
          <div className={styles.buttonRow}>
            <Button onClick={() => openLogin({ mode: 'signin' })}>Login</Button>
            <Button variant="secondary" onClick={() => openLogin({ mode: 'signup' })}>
              Create Account
            </Button>
          </div>
        </aside>
      ) : null}
      {!user && waitingFor && waitingFor !== 'not-sure' ? (
        <Message tone="info">
          {optionLabel(waitingFor)} will be saved as your primary program as soon as you are signed in.
        </Message>
      ) : null}

      <section aria-labelledby="choose-heading">
        <h2 id="choose-heading" className={styles.sectionTitle}>
          {showResults ? 'Choose your primary program' : 'Recovery programs'}
        </h2>
        <ul className={styles.options}>
          {ONBOARDING_OPTIONS.map((choice) => {
            const isRecommended = choice !== 'not-sure' && recommended.includes(choice);
            const isCurrent = choice === current;
            return (
              <li key={choice}>
                <button
                  type="button"
                  className={[
                    styles.option,
                    isRecommended ? styles.recommended : '',
                    isCurrent ? styles.current : '',
                    waitingFor === choice ? styles.waiting : '',
                  ].join(' ')}
                  onClick={() => void choose(choice)}
                  disabled={busy}
                  aria-busy={chosen === choice || undefined}
                >
                  {/* The spaces keep each badge a word of its own in the button's accessible name. */}
                  <span className={styles.optionName}>
                    {chosen === choice ? 'Saving...' : optionLabel(choice)}
                  </span>{' '}
                  {isCurrent || isRecommended ? (
                    <span className={styles.badges}>
                      {isCurrent ? <span className={styles.primaryBadge}>Current primary</span> : null}{' '}
                      {isRecommended ? <span className={styles.badge}>Recommended</span> : null}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <div className={styles.skip}>
        <Button variant="ghost" onClick={skip}>
          Skip for now
        </Button>
      </div>
    </Page>
  );
}
