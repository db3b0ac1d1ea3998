import { STEP_MESSAGES } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { useAuthDialogs } from '../auth/index.ts';
import { SaveStatus } from '../drafts/index.ts';
import styles from './steps.module.css';
import type { StepEditor, StepSection } from './useStepEditor.ts';

/**
 * The save status of one part of a step page, drawn beside it: only for the part changed last, with the
 * notice when that save undid an action; for a visitor who pressed Save, the way to log in (what they
 * typed stays on the page).
 */
export function SectionStatus({ editor, section }: { editor: StepEditor; section: StepSection }) {
  const { openLogin } = useAuthDialogs();
  if (editor.signedOutSection === section) {
    return (
      <Message tone="danger">
        <p>{STEP_MESSAGES.notLoggedIn}</p>
        <Button size="sm" onClick={() => openLogin({ mode: 'signin' })}>
          {STEP_MESSAGES.logIn}
        </Button>
      </Message>
    );
  }
  if (editor.save.section !== section) return null;
  return (
    <>
      <SaveStatus state={editor.save.state} onRetry={editor.save.retry} />
      {editor.notice ? (
        <div className={styles.notice} role="status">
          <p>{editor.notice}</p>
          <Button size="sm" variant="secondary" onClick={editor.dismissNotice}>
            OK
          </Button>
        </div>
      ) : null}
    </>
  );
}
