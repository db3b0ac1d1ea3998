import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, limitCounterText, limitProblem, overLimitMessage } from './fieldLimits.ts';
import { feedbackBodySchema, profileBodySchema } from './schemas/profile.ts';
import { stepDataLimitProblem } from './steps/limits.ts';
import { findStep } from './steps/programs.ts';
import { stepPrivateDataSchema, storedStepPrivateDataSchema } from './steps/schemas.ts';

describe('field limits', () => {
  it('shows a counter only near the limit, and says when the limit is reached', () => {
    expect(limitCounterText(0, 10_000)).toBeNull();
    expect(limitCounterText(7_999, 10_000)).toBeNull();
    expect(limitCounterText(8_000, 10_000)).toBe('8,000 of 10,000 characters');
    expect(limitCounterText(10_000, 10_000)).toBe('10,000 of 10,000 characters: this is the limit');
  });

  it('names the field, the limit and how much to shorten', () => {
    expect(overLimitMessage('Bio', 2_003, 2_000)).toBe(
      '"Bio" is 2,003 characters long; the limit is 2,000. Please shorten it by 3 characters to save it.',
    );
    expect(limitProblem('Bio', 'x'.repeat(2_000), 2_000)).toBeNull();
    expect(limitProblem('Bio', undefined, 2_000)).toBeNull();
    expect(limitProblem('Bio', 'x'.repeat(2_001), 2_000)).toContain('by 1 character to');
  });

  it('is the limit the server schemas apply', () => {
    const feedback = (text: string) =>
      feedbackBodySchema.safeParse({ locationInApp: 'Home', feedbackText: text }).success;
    expect(feedback('x'.repeat(FIELD_LIMITS.feedbackText))).toBe(true);
    expect(feedback('x'.repeat(FIELD_LIMITS.feedbackText + 1))).toBe(false);
    expect(profileBodySchema.safeParse({ bio: 'x'.repeat(FIELD_LIMITS.bio + 1) }).success).toBe(false);
    expect(profileBodySchema.safeParse({ display_name: 'x'.repeat(FIELD_LIMITS.displayName) }).success).toBe(
      true,
    );
  });
});

describe('step data limits', () => {
  const step1 = findStep('saa', '12-steps', 1);
  const step3 = findStep('saa', '12-steps', 3);
  const step6 = findStep('saa', '12-steps', 6);
  if (!step1 || !step3 || !step6) throw new Error('steps missing');

  it('finds the first field over its limit before a save, by the name the person sees', () => {
    expect(stepDataLimitProblem(step3, { prayer_text: 'p'.repeat(FIELD_LIMITS.prayer) })).toBeNull();
    expect(stepDataLimitProblem(step3, { prayer_text: 'p'.repeat(FIELD_LIMITS.prayer + 1) })).toContain(
      '"My Third Step Prayer" is 20,001 characters long',
    );
    const longAnswer = {
      step3_questions: { q2: { key: 'fears_about_decision', answer: 'a'.repeat(20_001) } },
    };
    expect(stepDataLimitProblem(step3, longAnswer)).toContain('"Question 2"');
    const stepOne = 'w'.repeat(FIELD_LIMITS.stepOneWriting);
    expect(stepDataLimitProblem(step1, { step1_writing: stepOne })).toBeNull();
    expect(stepDataLimitProblem(step1, { step1_writing: `${stepOne}w` })).toContain(
      '"My Step One" is 50,001 characters long',
    );
    const longDefect = { defectAnswers: { Pride: { hurts: 'h'.repeat(20_001), helps: '', less: '' } } };
    expect(stepDataLimitProblem(step6, longDefect)).toContain('"Pride: How does this defect hurt me');
  });

  it('reads stored text of any length whole, while a save still has to fit', () => {
    const long = {
      step1_writing: 's'.repeat(FIELD_LIMITS.stepOneWriting + 1),
      prayer_text: 'p'.repeat(FIELD_LIMITS.prayer + 5),
      notes: 'n'.repeat(30_000),
    };
    expect(storedStepPrivateDataSchema.parse(long)).toEqual(long);
    expect(stepPrivateDataSchema.safeParse(long).success).toBe(false);
  });
});
