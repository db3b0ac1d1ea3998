import { describe, expect, it } from 'vitest';
import { programDefinitionSchema, trackDefinitionSchema } from './definitions.ts';
import {
  actionsHeading,
  comingSoonHeading,
  inventoryPillText,
  STEP_MESSAGES,
  stepCompletedMessage,
} from './messages.ts';
import { findProgram, findStep, findTrack, STEP_PROGRAMS, stepRoute, trackRoute } from './programs.ts';
import { STEP2_QUESTION_KEYS, STEP2_QUESTION_SET, STEP3_QUESTION_KEYS } from './questions.ts';
import { SAA_PROGRAM } from './saa.ts';
import {
  defectAnswersSchema,
  STEP_ANSWER_MAX_LENGTH,
  stepContentSchema,
  stepPrivateDataSchema,
} from './schemas.ts';
import { stepTitle } from './status.ts';

describe('program data', () => {
  it('every program passes its own schema', () => {
    for (const program of STEP_PROGRAMS)
      expect(programDefinitionSchema.safeParse(program).error).toBeUndefined();
  });

  it('describes SAA and its 12-step track', () => {
    expect(findProgram('saa')?.name).toBe('SAA - Sex Addicts Anonymous');
    expect(findProgram('SAA')).toBe(SAA_PROGRAM);
    expect(findProgram('aa')).toBeUndefined();
    const track = findTrack('saa', '12-steps');
    expect(track?.steps).toHaveLength(12);
    expect(track?.title).toBe("Working SAA's 12 Steps");
    expect(findTrack('saa', 'other')).toBeUndefined();
  });

  it('has the action counts 6, 4, 4, 4, 3 then 3 for steps 6-12', () => {
    const counts = findTrack('saa', '12-steps')?.steps.map((s) => s.actions.length);
    expect(counts).toEqual([6, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3]);
  });

  it('titles steps in words and shows Coming Soon from step 6', () => {
    const steps = findTrack('saa', '12-steps')?.steps ?? [];
    steps.forEach((s) => {
      expect(s.title).toBe(stepTitle(s.number));
      expect(s.slug).toBe(`step-${s.number}`);
      expect(s.comingSoon).toBe(s.number >= 6);
    });
    expect(findStep('saa', '12-steps', 12)?.title).toBe('Step Twelve');
    expect(findStep('saa', '12-steps', 13)).toBeUndefined();
  });

  it('puts the completion rules on the third action of steps 2 to 6', () => {
    const ruleOf = (n: number, id: number) =>
      findStep('saa', '12-steps', n)?.actions.find((a) => a.id === id)?.rule;
    expect(ruleOf(1, 3)).toBeUndefined();
    expect(findStep('saa', '12-steps', 1)?.actions[2]?.autoComplete).toBeUndefined();
    expect(ruleOf(2, 3)).toBe('step2-questions');
    expect(ruleOf(3, 3)).toBe('step3-any-answer');
    expect(ruleOf(4, 3)).toBe('step4-inventories-and-schedule');
    expect(ruleOf(5, 3)).toBe('step5-shared-and-defects');
    expect(ruleOf(6, 3)).toBe('step6-all-defects-answered');
    expect(findStep('saa', '12-steps', 2)?.actions[2]?.autoComplete).toBe(true);
  });

  it('keeps the saved question keys as data', () => {
    expect(STEP2_QUESTION_KEYS).toEqual([
      'spirituality_childhood',
      'spirituality_now',
      'higher_power',
      'anger_higher_power',
      'prayer_deals',
      'authority_abuse',
    ]);
    expect(STEP2_QUESTION_SET.items.map((q) => q.required)).toEqual([true, true, true, true, true, false]);
    expect(STEP3_QUESTION_KEYS).toEqual([
      'decision_maker_while_acting_out',
      'fears_about_decision',
      'problems_tried_to_resolve',
      'self_will_suffering',
      'decision_maker_in_recovery',
      'concept_of_higher_power',
      'examples_turned_over_to_addiction',
      'day_if_turned_over',
      'thoughts_behaviors_willing_to_turn_over',
    ]);
    expect(STEP2_QUESTION_SET.rows).toBe(4);
  });

  it('refuses a track whose numbering or rules are inconsistent', () => {
    const good = findTrack('saa', '12-steps');
    if (!good) throw new Error('no track');
    const [first, second] = good.steps;
    if (!first || !second) throw new Error('no steps');
    expect(trackDefinitionSchema.safeParse({ ...good, steps: [second] }).success).toBe(false);
    expect(
      trackDefinitionSchema.safeParse({
        ...good,
        steps: [{ ...first, actions: [...first.actions].reverse() }],
      }).success,
    ).toBe(false);
    expect(
      trackDefinitionSchema.safeParse({
        ...good,
        steps: [{ ...first, actions: [{ ...first.actions[0], rule: 'step2-questions' }] }],
      }).success,
    ).toBe(false);
  });

  it('builds routes', () => {
    expect(trackRoute('SAA', '12-steps')).toBe('/programs/saa/12-steps');
    expect(stepRoute('saa', '12-steps', 4)).toBe('/programs/saa/12-steps/step-4');
  });
});

describe('step data schemas', () => {
  it('accepts a full private record', () => {
    const data = {
      step2_questions: {
        q1: { key: 'spirituality_childhood', answer: 'x' },
        q6: { key: 'authority_abuse', answer: '' },
      },
      step3_questions: { q9: { key: 'thoughts_behaviors_willing_to_turn_over', answer: 'y' } },
      step1_writing: 'My Step One',
      prayer_text: 'A prayer',
      action3_scheduled: true,
      action3_place: false,
      sharedWithSponsor: true,
      characterDefects: ['Pride', 'Fear'],
      defectAnswers: { Pride: { hurts: 'a', helps: 'b', less: 'c' } },
    };
    expect(stepPrivateDataSchema.parse(data)).toEqual(data);
    expect(stepContentSchema.parse({ ...data, actions: [{ id: 1, completed: true }] }).actions).toHaveLength(
      1,
    );
  });

  it('refuses a wrong key, an unknown question and oversized answers', () => {
    expect(
      stepPrivateDataSchema.safeParse({ step2_questions: { q1: { key: 'higher_power', answer: 'x' } } })
        .success,
    ).toBe(false);
    expect(
      stepPrivateDataSchema.safeParse({ step2_questions: { q7: { key: 'x', answer: 'x' } } }).success,
    ).toBe(false);
    expect(
      stepPrivateDataSchema.safeParse({
        step3_questions: {
          q1: { key: 'decision_maker_while_acting_out', answer: 'x'.repeat(STEP_ANSWER_MAX_LENGTH + 1) },
        },
      }).success,
    ).toBe(false);
    expect(stepPrivateDataSchema.safeParse({ prayer_text: 'x'.repeat(20_001) }).success).toBe(false);
    expect(stepPrivateDataSchema.safeParse({ step1_writing: 'x'.repeat(50_000) }).success).toBe(true);
    expect(stepPrivateDataSchema.safeParse({ step1_writing: 'x'.repeat(50_001) }).success).toBe(false);
  });

  it('bounds the defect lists', () => {
    expect(stepPrivateDataSchema.safeParse({ characterDefects: Array(9).fill('d') }).success).toBe(true);
    expect(stepPrivateDataSchema.safeParse({ characterDefects: Array(10).fill('d') }).success).toBe(false);
    expect(stepPrivateDataSchema.safeParse({ characterDefects: ['x'.repeat(201)] }).success).toBe(false);
    const answer = { hurts: '', helps: '', less: '' };
    expect(defectAnswersSchema.safeParse({ '  ': answer }).success).toBe(false);
    expect(defectAnswersSchema.safeParse({ ['x'.repeat(201)]: answer }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`d${i}`, answer]));
    expect(defectAnswersSchema.safeParse(many).success).toBe(false);
    expect(defectAnswersSchema.safeParse({ Pride: { hurts: 'a', helps: 'b' } }).success).toBe(false);
  });

  it('drops unknown fields instead of refusing old data', () => {
    expect(stepPrivateDataSchema.parse({ prayer_text: 'p', legacy: 1 })).toEqual({ prayer_text: 'p' });
  });
});

describe('page texts', () => {
  it('never promises a video (SAM embeds none)', () => {
    const texts = STEP_PROGRAMS.flatMap((program) =>
      program.tracks.flatMap((track) =>
        track.steps.flatMap((step) => [
          step.title,
          step.name,
          step.statement,
          ...step.actions.flatMap((a) => [a.label, a.description]),
          ...(step.questions?.items.map((q) => q.prompt) ?? []),
        ]),
      ),
    );
    const messages = Object.values(STEP_MESSAGES).filter((m) => typeof m === 'string');
    expect(texts.length).toBeGreaterThan(50);
    expect([...texts, ...messages].filter((text) => /video|watch/i.test(text))).toEqual([]);
  });

  it('builds headings and completion texts', () => {
    expect(actionsHeading('Step One')).toBe('Actions to Complete Step One');
    expect(comingSoonHeading('Step Six')).toBe('Step Six - Coming Soon');
    expect(stepCompletedMessage('Step Twelve', true)).toContain('all 12 steps');
    expect(stepCompletedMessage('Step Two', false)).toContain('Step Two');
  });

  it('writes the step 4 inventory pill', () => {
    expect(inventoryPillText(0, false)).toBe('not started');
    expect(inventoryPillText(3, false)).toBe('in progress (3)');
    expect(inventoryPillText(5, true)).toBe('completed (5)');
  });
});
