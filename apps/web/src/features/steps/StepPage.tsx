import {
  actionsHeading,
  applyActionToggle,
  autoCompleteActions,
  comingSoonHeading,
  nextStepLinkText,
  STEP_MESSAGES,
  type StepDefinition,
  stepCompletedMessage,
} from '@sam/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt, RequireDataKey, useSession } from '../auth/index.ts';
import { useInventoryCompletion } from '../inventory/index.ts';
import { ActionChecklist } from './ActionChecklist.tsx';
import { ContentButton, VideoButton } from './ContentButtons.tsx';
import { STEP_TAGS, stepContentFile } from './content.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { StepDatesButton } from './StepDatesDialog.tsx';
import { ACTION_SECTIONS } from './sections.tsx';
import { draftFrom, type StepDraft } from './stepState.ts';
import styles from './steps.module.css';
import { STEP_COUNT, stepPath } from './steps.ts';
import type { StepToolsProps } from './stepTools.ts';
import { SAA_STEP, useSaveStep, useStepData } from './useProgress.ts';

const EMPTY_DRAFT = (step: StepDefinition): StepDraft => draftFrom(step, null, {});

/** One page per step (routes step-1 … step-12): spec part 1 §2 "Step pages", §4 "Step details". */
export function StepPage({ step: stepNumber }: { step: number }) {
  const step = SAA_STEP(stepNumber);
  if (!step) return <Page title={`Step ${stepNumber}`} />;
  return (
    <Page title={step.title} intro={<p className={styles.statement}>{step.statement}</p>}>
      {step.comingSoon ? (
        <section className={styles.comingSoon} aria-labelledby="coming-soon-heading">
          <h2 id="coming-soon-heading">{comingSoonHeading(step.title)}</h2>
          <p>{STEP_MESSAGES.comingSoonStepNote}</p>
        </section>
      ) : null}
      <LoginPrompt>{STEP_MESSAGES.loginPrompt}</LoginPrompt>
      <StepWorkspace step={step} />
      <nav className={styles.pager} aria-label="Steps">
        {step.number > 1 ? (
          <Link to={stepPath(step.number - 1)}>
            <span aria-hidden="true">←</span>
            {STEP_MESSAGES.previousStep}: Step {step.number - 1}
          </Link>
        ) : (
          <span />
        )}
        {step.number < STEP_COUNT ? (
          <Link to={stepPath(step.number + 1)}>
            {STEP_MESSAGES.nextStep}: Step {step.number + 1}
            <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </nav>
    </Page>
  );
}

function StepWorkspace({ step }: { step: StepDefinition }) {
  const state = useStepData(step.number);
  const { user } = useSession();
  // Signing in or out on this page starts again from what is stored (a new key, a fresh body).
  if (state.status === 'signed-out')
    return <StepBody key="visitor" step={step} initial={EMPTY_DRAFT(step)} signedIn={false} />;
  if (state.status === 'load-error') return <ErrorPanel message="Failed to get program progress" />;
  if (state.status === 'decrypt-error') {
    return (
      <ErrorPanel message="Failed to decrypt data">
        <p>
          Your saved work on this step could not be unlocked in this browser. Nothing has been changed or lost
          on the server. Try refreshing the page; if this keeps happening, sign out and sign in again.
        </p>
      </ErrorPanel>
    );
  }
  // While the step loads, its place is kept, so the footer does not jump down when it arrives.
  if (state.status === 'loading') {
    return (
      <div className={styles.pending}>
        <Spinner message="Loading your progress..." />
      </div>
    );
  }
  if (state.status === 'locked') return <RequireDataKey>{null}</RequireDataKey>;
  return (
    <StepBody
      key={user?.sub ?? 'user'}
      step={step}
      initial={draftFrom(step, state.record, state.data)}
      signedIn
    />
  );
}

function StepBody({
  step,
  initial,
  signedIn,
}: {
  step: StepDefinition;
  initial: StepDraft;
  signedIn: boolean;
}) {
  const dialogs = useDialogs();
  const save = useSaveStep(step);
  // Step 4 action 3's rule reads the inventories' real completion (only step 4 asks for it).
  const inventories = useInventoryCompletion(signedIn && step.number === 4);
  const [draft, setDraft] = useState<StepDraft>(initial);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [saving, setSaving] = useState(0);

  const update = useCallback((change: (d: StepDraft) => StepDraft) => {
    setDraft((d) => {
      const next = change(d);
      draftRef.current = next;
      return next;
    });
  }, []);

  const persist = useCallback<StepToolsProps['persist']>(
    async (change, errorText, options = {}) => {
      if (!signedIn) {
        setError(STEP_MESSAGES.notLoggedIn);
        return false;
      }
      let next = change(draftRef.current);
      let changed: { action_id: number; completed: boolean }[] = [];
      if (options.autoComplete) {
        const auto = autoCompleteActions(step, next.actions, {
          data: next.data,
          inventories,
        });
        if (auto) {
          next = { ...next, actions: auto.actions };
          changed = auto.changed;
        }
      }
      const snapshot = next;
      // Typing that happened meanwhile is kept: only the saved fields are replaced.
      update((d) => ({ ...d, ...snapshot, data: { ...d.data, ...snapshot.data } }));
      setError(null);
      setSaving((n) => n + 1);
      try {
        await save(snapshot, changed);
        return true;
      } catch (e) {
        console.warn('Step save failed', e);
        setError(errorText);
        return false;
      } finally {
        setSaving((n) => n - 1);
      }
    },
    [signedIn, save, step, update, inventories],
  );

  const toggle = async (actionId: number) => {
    if (!signedIn) {
      setError(STEP_MESSAGES.notLoggedIn);
      return;
    }
    const before = draftRef.current;
    const result = applyActionToggle(step, before.actions, actionId, {
      data: before.data,
      inventories,
    });
    if (!result.allowed) {
      const dialog = result.dialog;
      if (!dialog) return;
      if (dialog.kind === 'confirm') {
        await dialogs.confirm({
          title: dialog.title,
          message: dialog.text,
          variant: 'warning',
          confirmText: dialog.okLabel,
          cancelText: STEP_MESSAGES.cancel,
        });
      } else {
        await dialogs.alert({
          title: dialog.title,
          message: dialog.text,
          variant: 'warning',
          okText: dialog.okLabel,
        });
      }
      return;
    }
    const ok = await persist((d) => ({ ...d, actions: result.actions }), STEP_MESSAGES.saveFailed);
    if (!ok) update((d) => ({ ...d, actions: before.actions }));
  };

  const tools: StepToolsProps = { step, draft, update, persist, signedIn };
  const sections = ACTION_SECTIONS[step.number] ?? {};
  const complete = draft.actions.every((a) => a.completed);
  const isLast = step.number === STEP_COUNT;
  const next = SAA_STEP(step.number + 1);
  const file = stepContentFile(step.number);
  const extras: Record<number, ReactNode> = {};
  for (const action of step.actions) {
    const Section = sections[action.id];
    const reading =
      action.id === 1 ? (
        <ContentButton file={file} tag={STEP_TAGS.reading} label={`Read the ${step.title} summary`} />
      ) : action.id === 2 ? (
        <div className={styles.buttonRow}>
          <ContentButton file={file} tag={STEP_TAGS.guidance} label={`Read the ${step.title} guidance`} />
          <VideoButton file={file} />
        </div>
      ) : null;
    extras[action.id] = (
      <>
        {reading}
        {Section ? <Section {...tools} /> : null}
      </>
    );
  }

  return (
    <div className={styles.workspace}>
      <div className={styles.toolbar}>
        <ContentButton
          file={file}
          tag={STEP_TAGS.help}
          label="Help"
          ariaLabel={`Help with ${step.title}`}
          icon="?"
        />
        {step.number === 1 && signedIn ? <StepDatesButton step={step} /> : null}
      </div>
      {error ? <ErrorPanel message={error} /> : null}
      <section aria-labelledby="actions-heading" className={styles.actionsSection}>
        <div className={styles.actionsHeader}>
          <h2 id="actions-heading">{actionsHeading(step.title)}</h2>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? STEP_MESSAGES.collapseAll : STEP_MESSAGES.expandAll}
          </Button>
        </div>
        <ActionChecklist
          step={step}
          actions={draft.actions}
          expanded={expanded}
          onToggle={(id) => void toggle(id)}
          extras={extras}
        />
        {saving > 0 ? (
          <p className={styles.savingNote} role="status">
            {STEP_MESSAGES.saving}
          </p>
        ) : null}
      </section>
      {complete && signedIn ? (
        <section className={styles.completed} aria-live="polite">
          <p className={styles.completedText}>{stepCompletedMessage(step.title, isLast, STEP_COUNT)}</p>
          {next ? (
            <Link className={styles.nextLink} to={stepPath(next.number)}>
              {nextStepLinkText(next.title)}
            </Link>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
