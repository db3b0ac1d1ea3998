import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { LoginPrompt } from '../auth/index.ts';
import styles from './steps.module.css';
import { STEP_NUMBERS, stepPath } from './steps.ts';

export function StepListPage() {
  return (
    <Page
      title="Working SAA's 12 Steps"
      intro="Take the steps one at a time, at your own pace. Each step page will guide you through its actions and questions, and show your progress here."
    >
      <LoginPrompt>Sign in to save your progress privately as you work each step.</LoginPrompt>
      <ol className={styles.list}>
        {STEP_NUMBERS.map((step) => (
          <li key={step}>
            <Link to={stepPath(step)} className={styles.stepLink}>
              <span className={styles.number} aria-hidden="true">
                {step}
              </span>
              <span>Step {step}</span>
            </Link>
          </li>
        ))}
      </ol>
    </Page>
  );
}
