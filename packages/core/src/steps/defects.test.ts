import { describe, expect, it } from 'vitest';
import {
  allDefectsAnswered,
  initialDefectAnswers,
  isDefectAnswered,
  step2AnswersComplete,
} from './answers.ts';
import {
  canSaveDefects,
  cleanDefects,
  defectInputs,
  defectsSaveError,
  nextDefectInputIndex,
  updateDefectInput,
} from './defects.ts';

describe('step 5 defect inputs', () => {
  it('shows one blank input to start and one after the last filled entry', () => {
    expect(defectInputs([])).toEqual(['']);
    expect(defectInputs(undefined)).toEqual(['']);
    expect(defectInputs(['Pride'])).toEqual(['Pride', '']);
    expect(defectInputs(['Pride', ''])).toEqual(['Pride', '']);
    expect(defectInputs(['Pride', '  '])).toEqual(['Pride', '  ']);
  });

  it('never shows more than 9 inputs', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `d${i}`);
    expect(defectInputs(eight)).toHaveLength(9);
    const nine = [...eight, 'd8'];
    expect(defectInputs(nine)).toEqual(nine);
    expect(defectInputs([...nine, 'd9'])).toEqual(nine);
  });

  it('adds the next blank input while typing and cuts overlong text', () => {
    expect(updateDefectInput([''], 0, 'Fear')).toEqual(['Fear', '']);
    expect(updateDefectInput(['Fear', ''], 1, 'x'.repeat(250))[1]).toHaveLength(200);
  });

  it('moves Enter to the next input, and off the list after the last', () => {
    expect(nextDefectInputIndex(0, 3)).toBe(1);
    expect(nextDefectInputIndex(2, 3)).toBeNull();
    expect(nextDefectInputIndex(8, 9)).toBeNull();
  });
});

describe('saving the step 5 list', () => {
  it('trims, drops blank entries (trailing and between) and repeats', () => {
    expect(cleanDefects(['  Pride ', 'Fear', '', '   '])).toEqual(['Pride', 'Fear']);
    expect(cleanDefects(['Pride', ' ', 'Fear', 'Pride'])).toEqual(['Pride', 'Fear']);
    expect(cleanDefects(Array.from({ length: 12 }, (_, i) => `d${i}`))).toHaveLength(9);
  });

  it('is disabled when every entry is blank or a save is running', () => {
    expect(canSaveDefects(['', '  '])).toBe(false);
    expect(canSaveDefects([])).toBe(false);
    expect(canSaveDefects(['Pride'])).toBe(true);
    expect(canSaveDefects(['Pride'], true)).toBe(false);
  });

  it('explains an empty save', () => {
    expect(defectsSaveError(['', ' '])).toBe('Please enter at least one character defect before saving.');
    expect(defectsSaveError(['Pride'])).toBeNull();
  });
});

describe('step 6 defect answers', () => {
  const full = { hurts: 'a', helps: 'b', less: 'c' };

  it('needs three non-blank answers per defect and at least one defect', () => {
    expect(isDefectAnswered(full)).toBe(true);
    expect(isDefectAnswered({ ...full, less: ' ' })).toBe(false);
    expect(isDefectAnswered({ hurts: 'a', helps: 'b' })).toBe(false);
    expect(allDefectsAnswered({})).toBe(false);
    expect(allDefectsAnswered(undefined)).toBe(false);
    expect(allDefectsAnswered({ Pride: full })).toBe(true);
    expect(allDefectsAnswered({ Pride: full, Fear: { ...full, hurts: '' } })).toBe(false);
  });

  it('starts from the step 5 list and keeps saved answers', () => {
    expect(initialDefectAnswers([' Pride ', '', 'Fear'], { Fear: full })).toEqual({
      Fear: full,
      Pride: { hurts: '', helps: '', less: '' },
    });
    expect(initialDefectAnswers(undefined)).toEqual({});
  });
});

describe('step 2 auto-complete rule', () => {
  const answers = (texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).map(([id, answer]) => [id, { key: 'k', answer }]));

  it('needs answers 1-5, not 6', () => {
    expect(step2AnswersComplete(answers({ q1: 'a', q2: 'b', q3: 'c', q4: 'd', q5: 'e' }))).toBe(true);
    expect(step2AnswersComplete(answers({ q1: 'a', q2: 'b', q3: 'c', q4: 'd', q6: 'f' }))).toBe(false);
    expect(step2AnswersComplete(answers({ q1: 'a', q2: 'b', q3: 'c', q4: 'd', q5: ' \n' }))).toBe(false);
    expect(step2AnswersComplete(undefined)).toBe(false);
  });
});
