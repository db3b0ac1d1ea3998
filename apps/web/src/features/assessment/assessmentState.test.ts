import { rankAreas, storedAreaAnswers } from '@sam/core';
import { describe, expect, it } from 'vitest';
import {
  type AssessmentAction,
  type AssessmentState,
  areaAnswers,
  assessmentReducer,
  initialAssessment,
  loadAssessment,
  questionsProgress,
  STORAGE_KEY,
  saveAssessment,
} from './assessmentState.ts';

function run(actions: AssessmentAction[], from: AssessmentState = initialAssessment()): AssessmentState {
  return actions.reduce(assessmentReducer, from);
}

const start: AssessmentAction = { type: 'start', id: 'a1', now: '2026-01-01T00:00:00.000Z' };

/** Answers the seven level-A questions with `yes` yes answers first, each followed by its auto-advance. */
function levelA(yes: number): AssessmentAction[] {
  return Array.from({ length: 7 }, (_, i): AssessmentAction[] => [
    { type: 'answerLevelA', index: i, value: i < yes },
    { type: 'advanceLevelA', from: i },
  ]).flat();
}

/** Answers from the question on screen on: the given values in order, each followed by its auto-advance. */
function area(state: AssessmentState, values: boolean[]): AssessmentState {
  let s = state;
  for (const value of values) {
    const { areaIndex, questionIndex } = s;
    s = run(
      [
        { type: 'answerQuestion', areaIndex, questionIndex, value },
        { type: 'advanceQuestion', areaIndex, questionIndex },
      ],
      s,
    );
  }
  return s;
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('level A', () => {
  it('starts fresh at the first question with an id and time', () => {
    const s = run([start]);
    expect(s).toMatchObject({ currentStep: 'levelA', levelAIndex: 0, assessment_id: 'a1' });
    expect(s.created_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('auto-advances only from the question answered, once (a double tap cannot skip a question)', () => {
    const s = run([
      start,
      { type: 'answerLevelA', index: 0, value: true },
      { type: 'advanceLevelA', from: 0 },
      { type: 'advanceLevelA', from: 0 },
    ]);
    expect(s.levelAIndex).toBe(1);
    // nothing answered on question 2 yet: no advance
    expect(run([{ type: 'advanceLevelA', from: 1 }], s).levelAIndex).toBe(1);
  });

  it('keeps the yes count as answers change, and Previous goes back', () => {
    const s = run([
      start,
      { type: 'answerLevelA', index: 0, value: true },
      { type: 'advanceLevelA', from: 0 },
      { type: 'previousLevelA' },
      { type: 'answerLevelA', index: 0, value: false },
    ]);
    expect(s.levelAIndex).toBe(0);
    expect(s.levelA).toEqual({ answers: { q1: false }, yes_count: 0 });
    expect(run([{ type: 'previousLevelA' }], s).levelAIndex).toBe(0);
  });

  it('with 0 or 1 yes goes straight to the results with no areas', () => {
    expect(run([start, ...levelA(0)]).currentStep).toBe('results');
    const one = run([start, ...levelA(1)]);
    expect(one).toMatchObject({ currentStep: 'results', modules_selected: [] });
    expect(one.levelA.yes_count).toBe(1);
  });

  it('with 2, 4, 5 or 7 yes offers the area choice', () => {
    for (const yes of [2, 4, 5, 7]) expect(run([start, ...levelA(yes)]).currentStep).toBe('modules');
  });
});

describe('areas and questions', () => {
  const atModules = run([start, ...levelA(5)]);

  it('with no area chosen goes to the results', () => {
    expect(run([{ type: 'continueFromModules' }], atModules).currentStep).toBe('results');
  });

  it('keeps chosen areas in the offered order and toggles them off again', () => {
    const s = run(
      [
        { type: 'toggleModule', id: 'food' },
        { type: 'toggleModule', id: 'sex' },
        { type: 'toggleModule', id: 'money' },
        { type: 'toggleModule', id: 'money' },
      ],
      atModules,
    );
    expect(s.modules_selected).toEqual(['sex', 'food']);
  });

  const chosen = run(
    [
      { type: 'toggleModule', id: 'food' },
      { type: 'toggleModule', id: 'sex' },
      { type: 'continueFromModules' },
    ],
    atModules,
  );

  it('asks one question at a time and stores an area only after its last answer', () => {
    expect(chosen).toMatchObject({ currentStep: 'questions', areaIndex: 0, questionIndex: 0 });
    const partway = area(chosen, [true, true, true]);
    expect(partway.questionIndex).toBe(3);
    expect(partway.modules.sex).toBeUndefined();
    expect(partway.drafts.sex).toEqual({ q1: true, q2: true, q3: true });
    expect(questionsProgress(partway)).toEqual({ answered: 3, total: 8 });
    const next = area(partway, [true]);
    expect(next.modules.sex).toEqual({ answers: { q1: true, q2: true, q3: true, q4: true }, yes_count: 4 });
    expect(next.drafts.sex).toBeUndefined();
    expect(next).toMatchObject({ currentStep: 'questions', areaIndex: 1, questionIndex: 0 });
  });

  it('goes to the results after the last area, ranked as the rules say', () => {
    const done = area(area(chosen, [true, true, true, true]), [true, false, true, false]);
    expect(done.currentStep).toBe('results');
    const ranked = rankAreas(done.modules_selected, storedAreaAnswers(done));
    expect(ranked.map((r) => [r.module.program_slug, r.fitLabel])).toEqual([
      ['saa', 'Strong fit'],
      ['oa', 'Moderate fit'],
    ]);
  });

  it('Next is refused until every question of the area is answered, then moves on', () => {
    const one = area(chosen, [true]);
    expect(run([{ type: 'next' }], one)).toBe(one);
    // answer all four, go back to the first, then Next walks forward and finally finishes the area
    let s = area(chosen, [true, false, true]);
    s = run([{ type: 'answerQuestion', areaIndex: 0, questionIndex: 3, value: false }], s);
    s = run([{ type: 'previous' }, { type: 'previous' }, { type: 'previous' }], s);
    expect(s.questionIndex).toBe(0);
    s = run([{ type: 'next' }, { type: 'next' }, { type: 'next' }], s);
    expect(s.questionIndex).toBe(3);
    s = run([{ type: 'next' }], s);
    expect(s).toMatchObject({ areaIndex: 1, questionIndex: 0 });
    expect(s.modules.sex?.yes_count).toBe(2);
  });

  it('Previous on an area’s first question opens the previous area’s last one with its answers', () => {
    const second = area(chosen, [true, true, false, true]);
    const back = run([{ type: 'previous' }], second);
    expect(back).toMatchObject({ areaIndex: 0, questionIndex: 3 });
    expect(areaAnswers(back, 'sex')).toEqual({ q1: true, q2: true, q3: false, q4: true });
    expect(run([{ type: 'previous' }], chosen)).toBe(chosen);
  });

  it('ignores a late auto-advance from a question no longer on screen', () => {
    const s = run([{ type: 'answerQuestion', areaIndex: 0, questionIndex: 0, value: true }], chosen);
    const moved = run([{ type: 'next' }], s);
    expect(moved).toBe(s);
    const prev = run([{ type: 'advanceQuestion', areaIndex: 0, questionIndex: 2 }], s);
    expect(prev).toBe(s);
  });

  it('Back to Area Selection keeps answers; continuing resumes at the first area not finished', () => {
    const firstDone = area(chosen, [true, true, true, true]);
    const back = run([{ type: 'backToAreas' }], firstDone);
    expect(back.currentStep).toBe('modules');
    const again = run([{ type: 'toggleModule', id: 'alcohol' }, { type: 'continueFromModules' }], back);
    expect(again.modules_selected).toEqual(['alcohol', 'sex', 'food']);
    expect(again).toMatchObject({ currentStep: 'questions', areaIndex: 0 });
    const afterAlcohol = area(again, [false, false, false, false]);
    expect(afterAlcohol).toMatchObject({ currentStep: 'questions', areaIndex: 2 });
    // dropping an area forgets its answers
    const dropped = run(
      [{ type: 'backToAreas' }, { type: 'toggleModule', id: 'sex' }, { type: 'continueFromModules' }],
      afterAlcohol,
    );
    expect(dropped.modules.sex).toBeUndefined();
    expect(dropped.modules_selected).toEqual(['alcohol', 'food']);
  });

  it('Retake resets everything to the welcome stage', () => {
    const done = area(area(chosen, [true, true, true, true]), [true, false, true, false]);
    expect(run([{ type: 'retake' }], done)).toEqual(initialAssessment());
  });
});

describe('session storage', () => {
  it('round-trips the state and survives a reload mid-way', () => {
    const store = memoryStorage();
    const s = run(
      [
        start,
        ...levelA(3),
        { type: 'toggleModule', id: 'sex' },
        { type: 'continueFromModules' },
        { type: 'answerQuestion', areaIndex: 0, questionIndex: 0, value: true },
      ],
      initialAssessment(),
    );
    saveAssessment(store, s);
    expect(loadAssessment(store)).toEqual(s);
  });

  it('keeps nothing for the welcome stage (after Retake)', () => {
    const store = memoryStorage();
    saveAssessment(store, run([start]));
    expect(store.map.has(STORAGE_KEY)).toBe(true);
    saveAssessment(store, initialAssessment());
    expect(store.map.has(STORAGE_KEY)).toBe(false);
  });

  it('starts fresh when the copy is missing, broken or of another shape', () => {
    const store = memoryStorage();
    expect(loadAssessment(store)).toEqual(initialAssessment());
    store.setItem(STORAGE_KEY, '{not json');
    expect(loadAssessment(store)).toEqual(initialAssessment());
    store.setItem(STORAGE_KEY, JSON.stringify({ version: 2 }));
    expect(loadAssessment(store)).toEqual(initialAssessment());
    expect(loadAssessment(undefined)).toEqual(initialAssessment());
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(loadAssessment(broken)).toEqual(initialAssessment());
    expect(() => saveAssessment(broken, run([start]))).not.toThrow();
  });
});
