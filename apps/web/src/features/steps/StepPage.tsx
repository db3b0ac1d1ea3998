import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { LoginPrompt } from '../auth/index.ts';
import styles from './steps.module.css';
import { STEP_COUNT, stepPath } from './steps.ts';

/** One page per step (routes step-1 … step-12). */
export function StepPage({ step }: { step: number }) {
  return (
    <Page
      title={`Step ${step}`}
      intro={`This page will hold Step ${step}'s guided actions, questions and checklist. What you write will be encrypted on your device before it is saved.`}
    >
      <LoginPrompt>Sign in to save your work on this step.</LoginPrompt>
      <nav className={styles.pager} aria-label="Steps">
        {step > 1 ? <Link to={stepPath(step - 1)}>← Step {step - 1}</Link> : <span />}
        {step < STEP_COUNT ? <Link to={stepPath(step + 1)}>Step {step + 1} →</Link> : null}
      </nav>
    </Page>
  );
}
