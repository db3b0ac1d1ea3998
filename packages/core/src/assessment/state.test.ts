import { describe, expect, it } from 'vitest';
import {
  type AreaCheckState,
  type AssessmentState,
  initialAreaCheck,
  initialAssessment,
  readAreaCheckState,
  readAssessmentState,
} from './state.ts';

/** A state in the middle of the questions: level A done, two areas chosen, one stored, one begun. */
function good(): AssessmentState {
  return {
    version: 1,
    currentStep: 'questions',
    levelA: {
      answers: { q1: true, q2: true, q3: false, q4: true, q5: false, q6: true, q7: false },
      yes_count: 4,
    },
    levelAIndex: 6,
    modules_selected: ['alcohol', 'sex'],
    modules: { alcohol: { answers: { q1: true, q2: false, q3: true }, yes_count: 2 } },
    drafts: { sex: { q1: true } },
    areaIndex: 1,
    questionIndex: 1,
    assessment_id: 'a1',
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

/** good() as storage holds it (JSON), with `change` applied to the parsed copy. */
function stored(change: (state: Record<string, unknown>) => void = () => undefined): unknown {
  const value = JSON.parse(JSON.stringify(good()));
  change(value);
  return value;
}

describe('readAssessmentState', () => {
  it('reads a stored state back as it was', () => {
    expect(readAssessmentState(stored())).toEqual(good());
  });

  it('reads every stage and the fresh welcome state', () => {
    for (const currentStep of ['welcome', 'levelA', 'modules', 'questions', 'results']) {
      expect(readAssessmentState(stored((s) => Object.assign(s, { currentStep })))?.currentStep).toBe(
        currentStep,
      );
    }
    const fresh = initialAssessment();
    expect(readAssessmentState(fresh)).toEqual(fresh);
  });

  it('leaves out fields it does not know', () => {
    const state = readAssessmentState(
      stored((s) => {
        s.extra = 'x';
        (s.levelA as Record<string, unknown>).note = 1;
        Object.assign((s.modules as Record<string, object>).alcohol as object, { note: 2 });
      }),
    );
    expect(state).toEqual(good());
    expect(state).not.toHaveProperty('extra');
  });

  it('keeps a "__proto__" answer key an own property, never a prototype', () => {
    const state = readAssessmentState(
      JSON.parse(JSON.stringify(good()).replace('"q1":true}}', '"__proto__":true}}')),
    );
    expect(state).not.toBeNull();
    const draft = state?.drafts.sex as object;
    expect(Object.getPrototypeOf(draft)).toBe(Object.prototype);
    expect(Object.keys(draft)).toEqual(['__proto__']);
  });

  it.each<[string, unknown]>([
    ['nothing', null],
    ['a string', 'state'],
    ['an array', []],
    ['a number', 1],
  ])('refuses %s', (_, value) => {
    expect(readAssessmentState(value)).toBeNull();
  });

  it.each<[string, (s: Record<string, unknown>) => void]>([
    ['another version', (s) => Object.assign(s, { version: 2 })],
    ['no version', (s) => delete s.version],
    ['an unknown stage', (s) => Object.assign(s, { currentStep: 'done' })],
    ['a missing field', (s) => delete s.drafts],
    ['level A that is not an object', (s) => Object.assign(s, { levelA: [] })],
    [
      'an unknown level-A question',
      (s) => Object.assign(s, { levelA: { answers: { q8: true }, yes_count: 1 } }),
    ],
    [
      'a level-A answer that is not a boolean',
      (s) => Object.assign(s, { levelA: { answers: { q1: 'yes' }, yes_count: 1 } }),
    ],
    ['a level-A count over 7', (s) => Object.assign(s, { levelA: { answers: {}, yes_count: 8 } })],
    ['a level-A question past the seventh', (s) => Object.assign(s, { levelAIndex: 7 })],
    ['a fractional index', (s) => Object.assign(s, { questionIndex: 1.5 })],
    ['a negative index', (s) => Object.assign(s, { areaIndex: -1 })],
    ['an index given as text', (s) => Object.assign(s, { areaIndex: '1' })],
    ['an unknown area chosen', (s) => Object.assign(s, { modules_selected: ['alcohol', 'chess'] })],
    ['areas chosen that are not a list', (s) => Object.assign(s, { modules_selected: 'alcohol' })],
    [
      'more areas chosen than there are',
      (s) => Object.assign(s, { modules_selected: Array(8).fill('alcohol') }),
    ],
    [
      'stored answers of an unknown area',
      (s) => Object.assign(s, { modules: { chess: { answers: {}, yes_count: 0 } } }),
    ],
    [
      'a negative stored count',
      (s) => Object.assign(s, { modules: { alcohol: { answers: {}, yes_count: -1 } } }),
    ],
    ['stored answers without a count', (s) => Object.assign(s, { modules: { alcohol: { answers: {} } } })],
    [
      'a stored answer that is not a boolean',
      (s) => Object.assign(s, { modules: { alcohol: { answers: { q1: 1 }, yes_count: 1 } } }),
    ],
    ['a draft of an unknown area', (s) => Object.assign(s, { drafts: { chess: {} } })],
    [
      'a draft answer key that is too long',
      (s) => Object.assign(s, { drafts: { sex: { ['q'.repeat(21)]: true } } }),
    ],
    ['drafts that are a list', (s) => Object.assign(s, { drafts: [] })],
    ['an id that is too long', (s) => Object.assign(s, { assessment_id: 'a'.repeat(101) })],
    ['a date that is not text', (s) => Object.assign(s, { created_at: 20260101 })],
  ])('refuses %s', (_, change) => {
    expect(readAssessmentState(stored(change))).toBeNull();
  });
});

describe('readAreaCheckState', () => {
  /** The sex area on its own, on the third question with two answers given. */
  function midway(): AreaCheckState {
    return {
      version: 1,
      area: 'sex',
      currentStep: 'questions',
      questionIndex: 2,
      answers: { q1: true, q2: false },
    };
  }

  function storedCheck(change: (state: Record<string, unknown>) => void = () => undefined): unknown {
    const value = JSON.parse(JSON.stringify(midway()));
    change(value);
    return value;
  }

  it('reads a stored check back as it was, and the fresh welcome state', () => {
    expect(readAreaCheckState(storedCheck(), 'sex')).toEqual(midway());
    expect(readAreaCheckState(initialAreaCheck('sex'), 'sex')).toEqual(initialAreaCheck('sex'));
    const done = storedCheck((s) =>
      Object.assign(s, { currentStep: 'results', answers: { q1: true, q2: false, q3: true, q4: false } }),
    );
    expect(readAreaCheckState(done, 'sex')?.currentStep).toBe('results');
  });

  it('leaves out fields it does not know', () => {
    expect(
      readAreaCheckState(
        storedCheck((s) => Object.assign(s, { note: 'x' })),
        'sex',
      ),
    ).toEqual(midway());
  });

  it.each<[string, (s: Record<string, unknown>) => void]>([
    ['another version', (s) => Object.assign(s, { version: 2 })],
    ['another area', (s) => Object.assign(s, { area: 'food' })],
    ['an unknown stage', (s) => Object.assign(s, { currentStep: 'modules' })],
    ['a question past the last', (s) => Object.assign(s, { questionIndex: 4 })],
    ['a negative question', (s) => Object.assign(s, { questionIndex: -1 })],
    ['a question the area does not have', (s) => Object.assign(s, { answers: { q5: true } })],
    ['an answer that is not a boolean', (s) => Object.assign(s, { answers: { q1: 'yes' } })],
    ['answers that are a list', (s) => Object.assign(s, { answers: [] })],
    ['results without every answer', (s) => Object.assign(s, { currentStep: 'results' })],
  ])('refuses %s', (_, change) => {
    expect(readAreaCheckState(storedCheck(change), 'sex')).toBeNull();
  });

  it('refuses what is not an object', () => {
    for (const value of [null, 'state', [], 1]) expect(readAreaCheckState(value, 'sex')).toBeNull();
  });
});
