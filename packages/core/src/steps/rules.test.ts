import { describe, expect, it } from 'vitest';
import { buildQuestionAnswers } from './answers.ts';
import { STEP_MESSAGES } from './messages.ts';
import { STEP2_QUESTION_SET, STEP3_QUESTION_SET } from './questions.ts';
import {
  type ActionRuleContext,
  applyActionToggle,
  autoCompleteActions,
  canToggleAction,
  completedActionCount,
  isActionEnabled,
  isStepComplete,
  normalizeActions,
} from './rules.ts';
import { doneUpTo, saa } from './stepFixtures.ts';

const step2Answers = (texts: Record<string, string>) => buildQuestionAnswers(STEP2_QUESTION_SET, texts);
const step3Answers = (texts: Record<string, string>) => buildQuestionAnswers(STEP3_QUESTION_SET, texts);
const allInventories = { resentments: true, fears: true, harms: true };

describe('normalizeActions', () => {
  it('gives one flag per defined action, in order, from missing, unordered, legacy or duplicated entries', () => {
    const step = saa(5);
    expect(normalizeActions(step, undefined)).toEqual([
      { id: 1, completed: false },
      { id: 2, completed: false },
      { id: 3, completed: false },
    ]);
    expect(
      normalizeActions(step, [
        { id: 3, completed: true },
        { action_id: 1, completed: true },
        { id: 9, completed: true },
        { id: 2, completed: false, description: 'kept' },
        { id: 2, completed: false },
      ]),
    ).toEqual([
      { id: 1, completed: true },
      { id: 2, completed: false, description: 'kept' },
      { id: 3, completed: true },
    ]);
  });

  it('counts and completes against the step definition', () => {
    const step = saa(1);
    expect(completedActionCount(step, doneUpTo(step, 2))).toBe(2);
    expect(isStepComplete(step, doneUpTo(step, 5))).toBe(false);
    expect(isStepComplete(step, doneUpTo(step, 6))).toBe(true);
    expect(isStepComplete(step, [])).toBe(false);
  });
});

describe('action gating (in order)', () => {
  const step = saa(1);

  it('allows the first action of a fresh step', () => {
    expect(canToggleAction(step, [], 1)).toEqual({ allowed: true });
  });

  it('allows a middle action only when every earlier action is done', () => {
    expect(canToggleAction(step, doneUpTo(step, 3), 4)).toEqual({ allowed: true });
    const refused = canToggleAction(step, doneUpTo(step, 2), 4);
    expect(refused).toMatchObject({ allowed: false, reason: 'order' });
    // A gap before the action also refuses it.
    expect(
      canToggleAction(
        step,
        [
          { id: 1, completed: true },
          { id: 2, completed: false },
          { id: 3, completed: true },
        ],
        4,
      ),
    ).toMatchObject({ allowed: false, reason: 'order' });
  });

  it('allows unchecking the last completed action and refuses unchecking an earlier one', () => {
    expect(canToggleAction(step, doneUpTo(step, 3), 3)).toEqual({ allowed: true });
    expect(canToggleAction(step, doneUpTo(step, 3), 2)).toMatchObject({ allowed: false, reason: 'order' });
    expect(canToggleAction(step, doneUpTo(step, 6), 6)).toEqual({ allowed: true });
    expect(canToggleAction(step, doneUpTo(step, 6), 1)).toMatchObject({ allowed: false, reason: 'order' });
  });

  it('refuses an unknown action id', () => {
    expect(canToggleAction(step, [], 7)).toEqual({ allowed: false, reason: 'unknown-action' });
  });

  it('enables checkboxes by order alone (rules are checked on click)', () => {
    const step2 = saa(2);
    expect(isActionEnabled(step2, doneUpTo(step2, 2), 3)).toBe(true);
    expect(isActionEnabled(step2, doneUpTo(step2, 1), 3)).toBe(false);
    expect(isActionEnabled(step2, doneUpTo(step2, 2), 1)).toBe(false);
    expect(isActionEnabled(step2, doneUpTo(step2, 2), 2)).toBe(true);
  });
});

describe('applyActionToggle', () => {
  it('ticks an action and reports the note and milestone of step one', () => {
    const step = saa(1);
    const result = applyActionToggle(step, doneUpTo(step, 1), 2);
    expect(result).toMatchObject({
      allowed: true,
      completed: false,
      completedCount: 2,
      changed: [{ action_id: 2, completed: true }],
      status: {
        status_note: 'Working Step One - 2 of 6 actions completed',
        progress_milestone: 'step1_in_progress',
      },
    });
    if (result.allowed)
      expect(result.actions.map((a) => a.completed)).toEqual([true, true, false, false, false, false]);
  });

  it('completes the step with its last action and uncompletes it when unticked', () => {
    const step = saa(12);
    const done = applyActionToggle(step, doneUpTo(step, 2), 3);
    expect(done).toMatchObject({
      allowed: true,
      completed: true,
      status: {
        status_note: 'Working Step Twelve - 3 of 3 actions completed',
        progress_milestone: 'step12_completed',
      },
    });
    const undone = applyActionToggle(step, doneUpTo(step, 3), 3);
    expect(undone).toMatchObject({
      allowed: true,
      completed: false,
      changed: [{ action_id: 3, completed: false }],
      status: { progress_milestone: 'step12_in_progress' },
    });
  });

  it('passes a refusal through unchanged', () => {
    const step = saa(1);
    expect(applyActionToggle(step, [], 3)).toMatchObject({ allowed: false, reason: 'order' });
  });
});

describe('step 1: a Step One written on paper counts', () => {
  it('allows action 3 whether or not anything is written in SAM, and never ticks it by itself', () => {
    const step = saa(1);
    const ready = doneUpTo(step, 2);
    for (const data of [
      undefined,
      {},
      { step1_writing: '' },
      { step1_writing: 'It started when I was young.' },
    ]) {
      expect(canToggleAction(step, ready, 3, { data })).toEqual({ allowed: true });
      expect(autoCompleteActions(step, ready, { data })).toBeNull();
    }
  });
});

describe('step 2: questions 1-5 before action 3', () => {
  const step = saa(2);
  const ready = doneUpTo(step, 2);
  const five = { q1: 'a', q2: 'b', q3: 'c', q4: 'd', q5: 'e' };

  it('refuses with the Action Not Complete dialog when an answer is missing', () => {
    const result = canToggleAction(step, ready, 3, {
      data: { step2_questions: step2Answers({ ...five, q5: '' }) },
    });
    expect(result).toEqual({
      allowed: false,
      reason: 'step2-questions',
      message: 'Enter answers for questions 1-5 to mark this action complete.',
      dialog: {
        title: 'Action Not Complete',
        text: 'Enter answers for questions 1-5 to mark this action complete.',
        kind: 'alert',
        okLabel: 'OK',
      },
    });
    expect(canToggleAction(step, ready, 3).allowed).toBe(false);
  });

  it('counts whitespace-only answers as empty', () => {
    const data = { step2_questions: step2Answers({ ...five, q3: '  \n\t ' }) };
    expect(canToggleAction(step, ready, 3, { data })).toMatchObject({
      allowed: false,
      reason: 'step2-questions',
    });
  });

  it('allows action 3 with questions 1-5 answered and question 6 empty', () => {
    expect(canToggleAction(step, ready, 3, { data: { step2_questions: step2Answers(five) } })).toEqual({
      allowed: true,
    });
  });

  it('always allows unticking action 3', () => {
    expect(canToggleAction(step, doneUpTo(step, 3), 3, {})).toEqual({ allowed: true });
  });

  it('auto-completes action 3 after answers 1-5 are saved, with a 4-action note', () => {
    const change = autoCompleteActions(step, ready, { data: { step2_questions: step2Answers(five) } });
    expect(change).toMatchObject({
      completed: false,
      completedCount: 3,
      changed: [{ action_id: 3, completed: true }],
      status: {
        status_note: 'Working Step Two - 3 of 4 actions completed',
        progress_milestone: 'step2_in_progress',
      },
    });
  });

  it('does not auto-complete with an answer missing, ahead of unfinished actions, or when already done', () => {
    expect(
      autoCompleteActions(step, ready, { data: { step2_questions: step2Answers({ q1: 'a' }) } }),
    ).toBeNull();
    expect(
      autoCompleteActions(step, doneUpTo(step, 1), { data: { step2_questions: step2Answers(five) } }),
    ).toBeNull();
    expect(
      autoCompleteActions(step, doneUpTo(step, 3), { data: { step2_questions: step2Answers(five) } }),
    ).toBeNull();
  });

  it('never auto-completes a step without an auto-completing action', () => {
    const step3 = saa(3);
    expect(
      autoCompleteActions(step3, doneUpTo(step3, 2), {
        data: { step3_questions: step3Answers({ q1: 'x' }) },
      }),
    ).toBeNull();
  });
});

describe('step 3: at least one answer before action 3', () => {
  const step = saa(3);
  const ready = doneUpTo(step, 2);

  it('refuses with the Answer Required confirm dialog when nothing is answered', () => {
    const result = canToggleAction(step, ready, 3, { data: { step3_questions: {} } });
    expect(result).toMatchObject({
      allowed: false,
      reason: 'step3-any-answer',
      dialog: {
        title: 'Answer Required',
        text: 'Answer at least 1 question to mark this action completed.',
        kind: 'confirm',
      },
    });
  });

  it('counts whitespace-only answers as empty', () => {
    const data = { step3_questions: step3Answers({ q1: '   ', q9: '\n' }) };
    expect(canToggleAction(step, ready, 3, { data }).allowed).toBe(false);
  });

  it('allows action 3 with any one of the nine answered', () => {
    expect(
      canToggleAction(step, ready, 3, { data: { step3_questions: step3Answers({ q9: 'yes' }) } }),
    ).toEqual({
      allowed: true,
    });
  });

  it('has no rule on the prayer action', () => {
    expect(canToggleAction(step, doneUpTo(step, 3), 4)).toEqual({ allowed: true });
  });
});

describe('step 4: inventories and scheduling before action 3', () => {
  const step = saa(4);
  const ready = doneUpTo(step, 2);
  const scheduled = { action3_scheduled: true, action3_place: true };

  it('allows action 3 with all three inventories complete and both boxes ticked', () => {
    expect(canToggleAction(step, ready, 3, { data: scheduled, inventories: allInventories })).toEqual({
      allowed: true,
    });
  });

  it.each<[string, ActionRuleContext]>([
    ['no inventories known', { data: scheduled }],
    ['fears not complete', { data: scheduled, inventories: { ...allInventories, fears: false } }],
    ['harms not complete', { data: scheduled, inventories: { resentments: true, fears: true } }],
    ['place not picked', { data: { action3_scheduled: true }, inventories: allInventories }],
    [
      'not scheduled',
      { data: { action3_place: true, action3_scheduled: false }, inventories: allInventories },
    ],
  ])('refuses when %s', (_label, context) => {
    expect(canToggleAction(step, ready, 3, context)).toMatchObject({
      allowed: false,
      reason: 'step4-inventories-and-schedule',
      message:
        'You need to complete all three inventories (Resentments, Fears, and Harms Done) and check both scheduling boxes to mark this action complete.',
      dialog: { title: 'Action Not Complete', kind: 'alert' },
    });
  });

  it('allows action 4 only after action 3', () => {
    expect(canToggleAction(step, ready, 4)).toMatchObject({ allowed: false, reason: 'order' });
    expect(canToggleAction(step, doneUpTo(step, 3), 4)).toEqual({ allowed: true });
  });

  it('allows unticking action 3 whatever the inventories say', () => {
    expect(canToggleAction(step, doneUpTo(step, 3), 3, {})).toEqual({ allowed: true });
  });
});

describe('step 5: shared with sponsor and a defect before action 3', () => {
  const step = saa(5);
  const ready = doneUpTo(step, 2);
  const expected = {
    allowed: false,
    reason: 'step5-shared-and-defects',
    message:
      "To complete this action, confirm that you've shared your Step Four inventories with your sponsor and saved at least one character defect.",
    dialog: { title: 'Action Not Complete', kind: 'alert', okLabel: 'Ok' },
  };

  it('allows action 3 with the box ticked and one defect', () => {
    expect(
      canToggleAction(step, ready, 3, { data: { sharedWithSponsor: true, characterDefects: ['Pride'] } }),
    ).toEqual({
      allowed: true,
    });
  });

  it('refuses without the sponsor box', () => {
    expect(canToggleAction(step, ready, 3, { data: { characterDefects: ['Pride'] } })).toMatchObject(
      expected,
    );
  });

  it('refuses without defects or with blank ones only', () => {
    expect(canToggleAction(step, ready, 3, { data: { sharedWithSponsor: true } })).toMatchObject(expected);
    expect(
      canToggleAction(step, ready, 3, { data: { sharedWithSponsor: true, characterDefects: ['', '   '] } }),
    ).toMatchObject(expected);
  });

  it('allows unticking action 3', () => {
    expect(canToggleAction(step, doneUpTo(step, 3), 3)).toEqual({ allowed: true });
  });
});

describe('step 6: every defect answered before action 3', () => {
  const step = saa(6);
  const ready = doneUpTo(step, 2);
  const full = { hurts: 'a', helps: 'b', less: 'c' };

  it('refuses with zero defects', () => {
    expect(canToggleAction(step, ready, 3, { data: { defectAnswers: {} } })).toMatchObject({
      allowed: false,
      reason: 'step6-all-defects-answered',
      message: STEP_MESSAGES.step6AllDefectsAnswered,
    });
    expect(canToggleAction(step, ready, 3, {}).allowed).toBe(false);
  });

  it('refuses when one defect is missing one answer (or has a blank one)', () => {
    const missing = { Pride: full, Fear: { ...full, less: '' } };
    expect(canToggleAction(step, ready, 3, { data: { defectAnswers: missing } }).allowed).toBe(false);
    const blank = { Pride: full, Fear: { ...full, helps: '  ' } };
    expect(canToggleAction(step, ready, 3, { data: { defectAnswers: blank } }).allowed).toBe(false);
  });

  it('allows action 3 when every defect has three answers', () => {
    expect(canToggleAction(step, ready, 3, { data: { defectAnswers: { Pride: full, Fear: full } } })).toEqual(
      {
        allowed: true,
      },
    );
  });

  it('always allows unticking action 3', () => {
    expect(canToggleAction(step, doneUpTo(step, 3), 3, { data: { defectAnswers: {} } })).toEqual({
      allowed: true,
    });
  });
});

describe('steps 7 to 12', () => {
  it('have three actions gated by order only', () => {
    for (let n = 7; n <= 12; n++) {
      const step = saa(n);
      expect(step.actions).toHaveLength(3);
      expect(canToggleAction(step, doneUpTo(step, 2), 3)).toEqual({ allowed: true });
      expect(canToggleAction(step, doneUpTo(step, 0), 2)).toMatchObject({ allowed: false, reason: 'order' });
    }
  });
});
