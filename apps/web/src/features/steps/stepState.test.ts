import { FIELD_LIMITS, findStep, MAX_STEP_CIPHERTEXT, type StepRecord } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { createDataCipher, createDataKey } from '../../crypto/index.ts';
import { defectQuestionHelpTag, questionHelpTag } from './content.ts';
import {
  decodePrivateData,
  draftFrom,
  mergeVisitorDraft,
  privateForSave,
  recordOf,
  recordsByNumber,
  replaceRecord,
  StepDataError,
  stepPlace,
} from './stepState.ts';

const record = (step_number: number, completed = false): StepRecord => ({
  program: 'SAA',
  track: '12-steps',
  step_number,
  step_title: `Step ${step_number}`,
  completed,
  data: { actions: [{ id: 1, completed: true }], encrypted: true, encryptedData: 'AAAA' },
  started_at: null,
  completed_at: null,
  updated_at: '2026-01-01T00:00:00Z',
  sk: `SAA#12-steps#step${step_number}`,
});

describe('step state', () => {
  it('names each step place without the AAD separator', () => {
    expect(stepPlace(3)).toBe('progress:SAA:12-steps:step-3');
    expect(stepPlace(12)).not.toContain('|');
  });

  it('decodes private data and refuses what is not step data', () => {
    expect(decodePrivateData(null)).toEqual({});
    expect(decodePrivateData({ prayer_text: 'Help me', unknown: 1 })).toEqual({ prayer_text: 'Help me' });
    expect(() => decodePrivateData({ prayer_text: 42 })).toThrow(StepDataError);
    expect(() => decodePrivateData('text')).toThrow(StepDataError);
  });

  it('saves only the cleaned defect list and drops undefined fields', () => {
    expect(
      privateForSave({ characterDefects: [' selfish ', '', 'fearful', ''], prayer_text: undefined }),
    ).toEqual({ characterDefects: ['selfish', 'fearful'] });
    expect(privateForSave({ sharedWithSponsor: true })).toEqual({ sharedWithSponsor: true });
  });

  it('starts a draft from the record with one flag per action', () => {
    const step = findStep('SAA', '12-steps', 1);
    if (!step) throw new Error('no step');
    const draft = draftFrom(step, record(1), { notes: 'x' });
    expect(draft.actions).toHaveLength(6);
    expect(draft.actions[0]).toEqual({ id: 1, completed: true });
    expect(draft.actions[1]).toEqual({ id: 2, completed: false });
    expect(draftFrom(step, null, {}).actions.every((a) => !a.completed)).toBe(true);
  });

  it('replaces records in step order and finds them', () => {
    const list = replaceRecord([record(2), record(1)], record(2, true));
    expect(list.map((r) => [r.step_number, r.completed])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(recordOf(list, 2)?.completed).toBe(true);
    expect(recordOf(list, 5)).toBeNull();
    expect(recordsByNumber(list).get(1)?.step_number).toBe(1);
    expect(replaceRecord(undefined, record(4))).toHaveLength(1);
  });

  it('builds content tags', () => {
    expect(questionHelpTag(2, 'q5')).toBe('step2-question-5-help');
    expect(defectQuestionHelpTag('hurts')).toBe('step6-question-hurts-help');
  });
});

describe('a visitor draft after signing in', () => {
  it('puts what the visitor typed over what is saved, field by field, and keeps the rest', () => {
    const saved = {
      step2_questions: {
        q1: { key: 'spirituality_childhood', answer: 'saved one' },
        q2: { key: 'spirituality_now', answer: 'saved two' },
      },
      prayer_text: 'saved prayer',
      defectAnswers: { Pride: { hurts: 'h', helps: 'p', less: 'l' } },
    };
    const visit = {
      step2_questions: {
        q2: { key: 'spirituality_now', answer: 'typed as a visitor' },
        q3: { key: 'higher_power', answer: '' },
      },
      prayer_text: '   ',
      defectAnswers: { Fear: { hurts: 'new', helps: '', less: '' } },
    };
    expect(mergeVisitorDraft(saved, visit)).toEqual({
      step2_questions: {
        q1: { key: 'spirituality_childhood', answer: 'saved one' },
        q2: { key: 'spirituality_now', answer: 'typed as a visitor' },
      },
      prayer_text: 'saved prayer',
      defectAnswers: {
        Pride: { hurts: 'h', helps: 'p', less: 'l' },
        Fear: { hurts: 'new', helps: '', less: '' },
      },
    });
    expect(mergeVisitorDraft(saved, {})).toEqual(saved);
  });

  it('brings a visitor’s Step One writing over what is saved, unless it is blank', () => {
    const saved = { step1_writing: 'saved story' };
    expect(mergeVisitorDraft(saved, { step1_writing: 'typed as a visitor' })).toEqual({
      step1_writing: 'typed as a visitor',
    });
    expect(mergeVisitorDraft(saved, { step1_writing: '  ' })).toEqual(saved);
  });
});

describe('one step’s ciphertext', () => {
  it('holds a Step One at its limit, written in three-byte characters', async () => {
    const cipher = createDataCipher(globalThis.crypto, await createDataKey(globalThis.crypto), 'account-1');
    const data = privateForSave({ step1_writing: '中'.repeat(FIELD_LIMITS.stepOneWriting) });
    const ciphertext = await cipher.encrypt(data, stepPlace(1));
    expect(ciphertext.length).toBeLessThanOrEqual(MAX_STEP_CIPHERTEXT);
  });
});
