import { describe, expect, it } from 'vitest';
import { buildQuestionAnswers } from './answers.ts';
import { findStep } from './programs.ts';
import { STEP2_QUESTION_SET, STEP3_QUESTION_SET } from './questions.ts';
import {
  currentStep,
  documentStepStatus,
  journeyMessage,
  milestone,
  STEP_STATUS_LABELS,
  type StepProgressLike,
  statusNote,
  stepStatus,
  stepTitle,
  stepWord,
} from './status.ts';

const completed: StepProgressLike = { completed: true, data: { actions: [{ completed: true }] } };
const inProgress: StepProgressLike = {
  completed: false,
  data: { actions: [{ completed: true }, { completed: false }] },
};
const untouched: StepProgressLike = { completed: false, data: { actions: [{ completed: false }] } };

const progress = (entries: Record<number, StepProgressLike>) =>
  new Map(Object.entries(entries).map(([k, v]) => [Number(k), v]));
const allDone = () => progress(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, completed])));

describe('words, notes and milestones', () => {
  it('spells step numbers', () => {
    expect(stepWord(1)).toBe('One');
    expect(stepWord(12)).toBe('Twelve');
    expect(stepWord(13)).toBe('13');
    expect(stepTitle(7)).toBe('Step Seven');
  });

  it('writes the status note with the step word', () => {
    expect(statusNote(1, 2, 6)).toBe('Working Step One - 2 of 6 actions completed');
    expect(statusNote(2, 0, 4)).toBe('Working Step Two - 0 of 4 actions completed');
    expect(statusNote(12, 3, 3)).toBe('Working Step Twelve - 3 of 3 actions completed');
  });

  it('writes milestones', () => {
    expect(milestone(1, false)).toBe('step1_in_progress');
    expect(milestone(1, true)).toBe('step1_completed');
    expect(milestone(12, true)).toBe('step12_completed');
  });
});

describe('stepStatus', () => {
  it('is completed by the flag, in progress by any action, else not started', () => {
    expect(stepStatus(completed)).toBe('completed');
    expect(stepStatus({ completed: true, data: { actions: [] } })).toBe('completed');
    expect(stepStatus(inProgress)).toBe('in-progress');
    expect(stepStatus(untouched)).toBe('not-started');
    expect(stepStatus({ completed: false, data: null })).toBe('not-started');
    expect(stepStatus(null)).toBe('not-started');
    expect(stepStatus(undefined)).toBe('not-started');
    expect(STEP_STATUS_LABELS['in-progress']).toBe('In Progress');
  });
});

describe('currentStep', () => {
  it('defaults to Start Step 1 with nothing loaded', () => {
    expect(currentStep(null)).toEqual({ number: 1, verb: 'Start', allCompleted: false });
    expect(currentStep(new Map())).toEqual({ number: 1, verb: 'Start', allCompleted: false });
  });

  it('says Continue for an in-progress step', () => {
    expect(currentStep(progress({ 1: inProgress }))).toEqual({
      number: 1,
      verb: 'Continue',
      allCompleted: false,
    });
  });

  it('picks the first step not completed, even after a gap', () => {
    expect(currentStep(progress({ 1: completed, 2: completed, 3: untouched }))).toMatchObject({
      number: 3,
      verb: 'Start',
    });
    expect(currentStep(progress({ 1: completed, 3: completed, 4: inProgress }))).toMatchObject({
      number: 2,
      verb: 'Start',
    });
    expect(currentStep({ 1: completed, 2: inProgress })).toMatchObject({ number: 2, verb: 'Continue' });
  });

  it('points at the last step once all are completed', () => {
    expect(currentStep(allDone())).toEqual({ number: 12, verb: 'Continue', allCompleted: true });
  });
});

describe('journeyMessage', () => {
  it('is hidden when opted out', () => {
    expect(journeyMessage(progress({ 1: inProgress }), true)).toBeNull();
    expect(journeyMessage(allDone(), true)).toBeNull();
  });

  it('encourages clicking Step 1 when nothing is started', () => {
    const message = journeyMessage(progress({ 1: untouched }), false);
    expect(message?.kind).toBe('not-started');
    expect(message?.text).toContain('Step 1');
    expect(journeyMessage(null, false)?.kind).toBe('not-started');
  });

  it('keeps going on the highest step in progress', () => {
    expect(journeyMessage(progress({ 1: completed, 2: completed, 3: inProgress }), false)).toEqual({
      kind: 'step-in-progress',
      step: 3,
      text: 'You are working on Step Three. Keep going: every action you complete is progress.',
    });
  });

  it('congratulates the highest completed step and points to the next', () => {
    expect(journeyMessage(progress({ 1: completed, 2: completed }), false)).toEqual({
      kind: 'step-completed',
      step: 2,
      nextStep: 3,
      text: 'Congratulations on completing Step Two! When you are ready, continue with Step Three.',
    });
    // The highest step is congratulated; the step to go on with is the first not yet done.
    expect(journeyMessage(progress({ 1: inProgress, 4: completed }), false)).toMatchObject({
      kind: 'step-completed',
      step: 4,
      nextStep: 1,
    });
  });

  it('after step 12 with an earlier gap, points to the first open step', () => {
    const map = allDone();
    map.set(5, inProgress);
    expect(journeyMessage(map, false)).toMatchObject({ kind: 'step-completed', step: 12, nextStep: 5 });
  });

  it('points to the first step not yet done, even one left open behind the highest', () => {
    expect(journeyMessage(progress({ 1: completed, 3: completed, 4: completed }), false)).toMatchObject({
      kind: 'step-completed',
      step: 4,
      nextStep: 2,
      text: 'Congratulations on completing Step Four! When you are ready, continue with Step Two.',
    });
  });

  it('congratulates all 12', () => {
    const message = journeyMessage(allDone(), false);
    expect(message?.kind).toBe('all-completed');
    expect(message?.text).toContain('all 12 steps');
  });
});

describe('documentStepStatus (generated 12-step document)', () => {
  const step1 = findStep('saa', '12-steps', 1);
  const step2 = findStep('saa', '12-steps', 2);
  const step3 = findStep('saa', '12-steps', 3);
  const step5 = findStep('saa', '12-steps', 5);
  if (!step1 || !step2 || !step3 || !step5) throw new Error('missing steps');
  const all = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, completed: true }));

  it('is Completed by the flag or with all actions done', () => {
    expect(documentStepStatus(step1, { completed: true, actions: [] })).toBe('Completed');
    expect(documentStepStatus(step1, { completed: false, actions: all(6) })).toBe('Completed');
  });

  it('says In Progress, as the app does, when every question is answered but the actions are not done', () => {
    const texts = Object.fromEntries(STEP3_QUESTION_SET.items.map((q) => [q.id, 'x']));
    const record = { completed: false, actions: [{ id: 1, completed: true }] };
    const data = { step3_questions: buildQuestionAnswers(STEP3_QUESTION_SET, texts) };
    expect(documentStepStatus(step3, record, data)).toBe('In Progress');
    expect(stepStatus({ completed: record.completed, data: { actions: record.actions } })).toBe(
      'in-progress',
    );
  });

  it('is In Progress with some actions done or something written', () => {
    expect(documentStepStatus(step1, { actions: [{ id: 1, completed: true }] })).toBe('In Progress');
    expect(
      documentStepStatus(
        step2,
        { actions: [] },
        { step2_questions: buildQuestionAnswers(STEP2_QUESTION_SET, { q1: 'x' }) },
      ),
    ).toBe('In Progress');
    expect(documentStepStatus(step5, { actions: [] }, { characterDefects: ['Pride'] })).toBe('In Progress');
    expect(documentStepStatus(step1, { actions: [] }, { step1_writing: 'My story' })).toBe('In Progress');
  });

  it('is To Do otherwise (blank answers do not count)', () => {
    expect(documentStepStatus(step1, { completed: false, actions: [{ id: 1, completed: false }] })).toBe(
      'To Do',
    );
    expect(documentStepStatus(step1, { actions: [] }, { step1_writing: '  ' })).toBe('To Do');
    expect(
      documentStepStatus(
        step2,
        { actions: null },
        { step2_questions: buildQuestionAnswers(STEP2_QUESTION_SET, { q1: '  ' }) },
      ),
    ).toBe('To Do');
  });
});
