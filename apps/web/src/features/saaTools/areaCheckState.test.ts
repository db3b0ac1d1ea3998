import { describe, expect, it } from 'vitest';
import {
  type AreaCheckAction,
  type AreaCheckState,
  areaCheckReducer,
  initialAreaCheck,
  loadAreaCheck,
  saveAreaCheck,
  storageKey,
} from './areaCheckState.ts';

function run(actions: AreaCheckAction[], from: AreaCheckState = initialAreaCheck('sex')): AreaCheckState {
  return actions.reduce(areaCheckReducer, from);
}

const answer = (index: number, value: boolean): AreaCheckAction[] => [
  { type: 'answer', index, value },
  { type: 'advance', from: index },
];

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('one area on its own', () => {
  it('moves on once per answer, so a double tap or a late advance cannot skip a question', () => {
    const s = run([{ type: 'start' }, ...answer(0, true), { type: 'advance', from: 0 }]);
    expect(s).toMatchObject({ currentStep: 'questions', questionIndex: 1, answers: { q1: true } });
    expect(run([{ type: 'advance', from: 1 }], s)).toBe(s);
  });

  it('shows the results after the last answer, and Next only when every question is answered', () => {
    const three = run([{ type: 'start' }, ...answer(0, true), ...answer(1, false), ...answer(2, true)]);
    expect(run([{ type: 'next' }], three)).toBe(three);
    const done = run(answer(3, false), three);
    expect(done.currentStep).toBe('results');
    expect(done.answers).toEqual({ q1: true, q2: false, q3: true, q4: false });
    expect(run([{ type: 'retake' }], done)).toEqual(initialAreaCheck('sex'));
  });

  it('after going back, the last question leads to the first one still unanswered', () => {
    const s = run([{ type: 'start' }, ...answer(0, true), { type: 'previous' }, { type: 'previous' }]);
    expect(s.questionIndex).toBe(0);
    const skipped: AreaCheckState = { ...s, questionIndex: 3 };
    expect(run(answer(3, true), skipped)).toMatchObject({ currentStep: 'questions', questionIndex: 1 });
  });

  it('keeps a copy in session storage, none for the welcome stage, and starts fresh from a broken one', () => {
    const store = memoryStorage();
    const s = run([{ type: 'start' }, ...answer(0, true)]);
    saveAreaCheck(store, s);
    expect(loadAreaCheck(store, 'sex')).toEqual(s);
    saveAreaCheck(store, initialAreaCheck('sex'));
    expect(store.map.has(storageKey('sex'))).toBe(false);
    store.setItem(storageKey('sex'), '{not json');
    expect(loadAreaCheck(store, 'sex')).toEqual(initialAreaCheck('sex'));
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(loadAreaCheck(throwing, 'sex')).toEqual(initialAreaCheck('sex'));
  });
});
