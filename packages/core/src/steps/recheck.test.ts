import { describe, expect, it } from 'vitest';
import { buildQuestionAnswers } from './answers.ts';
import { STEP_MESSAGES } from './messages.ts';
import { STEP2_QUESTION_SET } from './questions.ts';
import { actionsForSave, completionChangeNotice, recheckActions } from './rules.ts';
import { doneUpTo, saa } from './stepFixtures.ts';

const fiveAnswers = buildQuestionAnswers(STEP2_QUESTION_SET, { q1: 'a', q2: 'b', q3: 'c', q4: 'd', q5: 'e' });
const allInventories = { resentments: true, fears: true, harms: true };
const answered = { hurts: 'h', helps: 'p', less: 'l' };

describe('recheckActions', () => {
  it('leaves flags alone while every done action still passes its rule', () => {
    const step = saa(2);
    expect(recheckActions(step, doneUpTo(step, 4), { data: { step2_questions: fiveAnswers } })).toBeNull();
    expect(recheckActions(step, doneUpTo(step, 2), { data: {} })).toBeNull();
  });

  it('unticks an action whose required answer was cleared, and every done action after it', () => {
    const step = saa(2);
    const cleared = { ...fiveAnswers, q3: { key: 'higher_power', answer: '  ' } };
    const result = recheckActions(step, doneUpTo(step, 4), { data: { step2_questions: cleared } });
    expect(result?.actions).toEqual([
      { id: 1, completed: true },
      { id: 2, completed: true },
      { id: 3, completed: false },
      { id: 4, completed: false },
    ]);
    expect(result?.unticked).toEqual([
      { id: 3, reason: 'step2-questions' },
      { id: 4, reason: 'order' },
    ]);
    expect(result?.completed).toBe(false);
    expect(result?.status.progress_milestone).toBe('step2_in_progress');
    expect(result?.changed).toEqual([
      { action_id: 3, completed: false },
      { action_id: 4, completed: false },
    ]);
  });

  it('leaves step 1 complete when its writing is cleared: a Step One may be written on paper', () => {
    const step = saa(1);
    expect(recheckActions(step, doneUpTo(step, 6), { data: { step1_writing: '   ' } })).toBeNull();
    expect(recheckActions(step, doneUpTo(step, 6), { data: {} })).toBeNull();
  });

  it('unticks step 6 when an unanswered defect is added after it was complete', () => {
    const step = saa(6);
    const data = { defectAnswers: { Pride: answered, Fear: { hurts: '', helps: '', less: '' } } };
    const result = recheckActions(step, doneUpTo(step, 3), { data });
    expect(result?.unticked).toEqual([{ id: 3, reason: 'step6-all-defects-answered' }]);
    expect(result?.completed).toBe(false);
  });

  it('unticks step 4 when an inventory goes back to in progress', () => {
    const step = saa(4);
    const data = { action3_scheduled: true, action3_place: true };
    expect(recheckActions(step, doneUpTo(step, 4), { data, inventories: allInventories })).toBeNull();
    const result = recheckActions(step, doneUpTo(step, 4), {
      data,
      inventories: { ...allInventories, fears: false },
    });
    expect(result?.unticked.map((u) => u.id)).toEqual([3, 4]);
  });

  it('checks only the readable part of a rule when private data is unknown (the server)', () => {
    const step4 = saa(4);
    const serverSide = { privateDataKnown: false };
    expect(recheckActions(step4, doneUpTo(step4, 4), { inventories: allInventories }, serverSide)).toBeNull();
    expect(
      recheckActions(
        step4,
        doneUpTo(step4, 4),
        { inventories: { ...allInventories, harms: false } },
        serverSide,
      )?.unticked,
    ).toEqual([
      { id: 3, reason: 'step4-inventories-and-schedule' },
      { id: 4, reason: 'order' },
    ]);
    // Rules that read only private data are left to the browser.
    const step2 = saa(2);
    expect(recheckActions(step2, doneUpTo(step2, 4), {}, serverSide)).toBeNull();
  });
});

describe('actionsForSave', () => {
  it('auto-completes step 2 action 3 after answers are saved, and re-checks first', () => {
    const step = saa(2);
    const ticked = actionsForSave(
      step,
      doneUpTo(step, 2),
      { data: { step2_questions: fiveAnswers } },
      { autoComplete: true },
    );
    expect(ticked.actions.find((a) => a.id === 3)?.completed).toBe(true);
    expect(ticked.changed).toEqual([{ action_id: 3, completed: true }]);
    expect(ticked.unticked).toEqual([]);

    const noAuto = actionsForSave(step, doneUpTo(step, 2), { data: { step2_questions: fiveAnswers } });
    expect(noAuto.changed).toEqual([]);

    const cleared = actionsForSave(step, doneUpTo(step, 3), { data: {} }, { autoComplete: true });
    expect(cleared.actions.find((a) => a.id === 3)?.completed).toBe(false);
    expect(cleared.unticked).toEqual([{ id: 3, reason: 'step2-questions' }]);
  });
});

describe('completionChangeNotice', () => {
  it('says which action is no longer done and why, what followed it, and that the step is back in progress', () => {
    const step = saa(2);
    expect(completionChangeNotice(step, [], true)).toBeNull();
    const text = completionChangeNotice(
      step,
      [
        { id: 3, reason: 'step2-questions' },
        { id: 4, reason: 'order' },
      ],
      true,
    );
    const label = (id: number) => step.actions.find((a) => a.id === id)?.label;
    expect(text).toBe(
      `"${label(3)}" is no longer marked done. ${STEP_MESSAGES.step2QuestionsRequired} "${label(4)}" was unticked too, because it comes after it. Step Two is back in progress.`,
    );
    expect(completionChangeNotice(step, [{ id: 3, reason: 'step2-questions' }], false)).toBe(
      `"${label(3)}" is no longer marked done. ${STEP_MESSAGES.step2QuestionsRequired}`,
    );
  });
});
