import {
  actionsHeading,
  applyActionToggle,
  comingSoonHeading,
  nextStepLinkText,
  STEP_MESSAGES,
  type StepDefinition,
  stepCompletedMessage,
} from '@sam/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useDrawnInSlices } from '../../ui/useDrawnInSlices.ts';
import { LoginPrompt, RequireDataKey, useSession } from '../auth/index.ts';
import { DraftRestoredNote, useConfirmDiscard } from '../drafts/index.ts';
import { LockedWritingPanel } from '../recovery/index.ts';
import { ActionChecklist } from './ActionChecklist.tsx';
import { ContentButton } from './ContentButtons.tsx';
import { STEP_TAGS, stepContentFile } from './content.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { SectionStatus } from './SectionStatus.tsx';
import { StepDatesButton } from './StepDatesDialog.tsx';
import type { StepSections } from './sections.ts';
import { draftFrom, type StepDraft } from './stepState.ts';
import styles from './steps.module.css';
import { STEP_COUNT, stepPath } from './steps.ts';
import type { StepToolsProps } from './stepTools.ts';
import { SAA_STEP, useStepData } from './useProgress.ts';
import { useStepEditor } from './useStepEditor.ts';

/** Loaded with the page (its route's loader): see readAhead.ts. */
export { readStepPageAhead } from './readAhead.ts';

const EMPTY_DRAFT = (step: StepDefinition): StepDraft => draftFrom(step, null, {});

/**
 * One page per step (routes step-1 … step-12): the statement, the actions and the step's tools
 * (`sections`, loaded with the page by loadStepSections).
 */
export function StepPage({ step: stepNumber, sections }: { step: number; sections: StepSections }) {
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
      <StepWorkspace step={step} sections={sections} />
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

function StepWorkspace({ step, sections }: { step: StepDefinition; sections: StepSections }) {
  const state = useStepData(step.number);
  const { user } = useSession();
  const bodyDrawn = useDrawnInSlices(state.status === 'ready');
  // Signing in or out on this page starts again from what is stored; a visitor's typing comes along as a draft.
  if (state.status === 'signed-out')
    return (
      <StepBody key="visitor" step={step} sections={sections} initial={EMPTY_DRAFT(step)} signedIn={false} />
    );
  if (state.status === 'load-error')
    return <ErrorPanel message="Failed to get program progress" onRetry={state.retry} />;
  if (state.status === 'decrypt-error')
    return <LockedWritingPanel item={{ kind: 'step', stepNumber: step.number }} />;
  // While the step loads and is drawn, its place is kept, so the footer does not jump down when it arrives.
  if (state.status === 'loading' || (state.status === 'ready' && !bodyDrawn)) {
    return (
      <div className={styles.pending}>
        <Spinner message="Loading your progress..." />
      </div>
    );
  }
  if (state.status === 'locked') return <RequireDataKey>{null}</RequireDataKey>;
  return (
    <StepBody
      key={user?.id ?? 'user'}
      step={step}
      sections={sections}
      initial={draftFrom(step, state.record, state.data)}
      signedIn
    />
  );
}

function StepBody({
  step,
  sections,
  initial,
  signedIn,
}: {
  step: StepDefinition;
  sections: StepSections;
  initial: StepDraft;
  signedIn: boolean;
}) {
  const dialogs = useDialogs();
  const editor = useStepEditor(step, initial, signedIn);
  const mayDiscard = useConfirmDiscard();
  const { draft } = editor;
  const [expanded, setExpanded] = useState(false);

  const toggle = async (actionId: number) => {
    const result = applyActionToggle(step, draft.actions, actionId, {
      data: draft.data,
      inventories: editor.inventories,
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
    await editor.saveNow('actions', (d) => ({ ...d, actions: result.actions }));
  };

  const tools: StepToolsProps = {
    step,
    draft,
    update: editor.update,
    saveNow: editor.saveNow,
    derive: editor.derive,
    statusFor: (section) => <SectionStatus editor={editor} section={section} />,
    signedIn,
  };
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
        <ContentButton file={file} tag={STEP_TAGS.guidance} label={`Read the ${step.title} guidance`} />
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
      {editor.draftRestored ? <DraftRestoredNote onDiscard={() => void confirmDiscard()} /> : null}
      <section aria-labelledby="actions-heading" className={styles.actionsSection}>
        <div className={styles.actionsHeader}>
          <h2 id="actions-heading">{actionsHeading(step.title)}</h2>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={expanded}
            onClick={() => {
              if (expanded) editor.foldAutoTicked();
              setExpanded(!expanded);
            }}
          >
            {expanded ? STEP_MESSAGES.collapseAll : STEP_MESSAGES.expandAll}
          </Button>
        </div>
        <ActionChecklist
          step={step}
          actions={draft.actions}
          expanded={expanded}
          keptOpen={editor.autoTicked}
          onToggle={(id) => void toggle(id)}
          extras={extras}
        />
        <SectionStatus editor={editor} section="actions" />
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

  async function confirmDiscard() {
    if (await mayDiscard()) editor.discardDraft();
  }
}
