import type { QuestionSetDefinition } from './definitions.ts';

/**
 * The written questions of steps 2 and 3 (prompts in SAM's own words; the keys are saved with the answers).
 * Saved answers are objects keyed q1.. each holding {key, answer}.
 */
export const STEP2_QUESTION_SET = {
  field: 'step2_questions',
  rows: 4,
  items: [
    {
      id: 'q1',
      key: 'spirituality_childhood',
      prompt: 'What did faith, religion or spirituality mean to you when you were growing up?',
      required: true,
    },
    {
      id: 'q2',
      key: 'spirituality_now',
      prompt: 'What does spirituality mean to you today?',
      required: true,
    },
    {
      id: 'q3',
      key: 'higher_power',
      prompt:
        'What kind of power greater than yourself could you come to believe in? Describe it in your own way.',
      required: true,
    },
    {
      id: 'q4',
      key: 'anger_higher_power',
      prompt: 'Have you ever felt angry at, or let down by, God or a higher power? What happened?',
      required: true,
    },
    {
      id: 'q5',
      key: 'prayer_deals',
      prompt:
        'Have you ever tried to make a deal with God or a higher power to stop your behavior? How did it go?',
      required: true,
    },
    {
      id: 'q6',
      key: 'authority_abuse',
      prompt:
        'Have people in authority, religious or otherwise, ever hurt you? How does that shape the way you see a higher power?',
      required: false,
    },
  ],
} as const satisfies QuestionSetDefinition;

export const STEP3_QUESTION_SET = {
  field: 'step3_questions',
  rows: 3,
  items: [
    {
      id: 'q1',
      key: 'decision_maker_while_acting_out',
      prompt: 'When you were acting out, who or what was really making your decisions?',
      required: false,
    },
    {
      id: 'q2',
      key: 'fears_about_decision',
      prompt:
        'What fears come up when you think about turning your will and your life over to a higher power?',
      required: false,
    },
    {
      id: 'q3',
      key: 'problems_tried_to_resolve',
      prompt: 'What problems have you tried to solve on your own, and how did that work out?',
      required: false,
    },
    {
      id: 'q4',
      key: 'self_will_suffering',
      prompt: 'How has running on self-will caused suffering for you or for others?',
      required: false,
    },
    {
      id: 'q5',
      key: 'decision_maker_in_recovery',
      prompt: 'In recovery, who or what do you want to be making your decisions?',
      required: false,
    },
    {
      id: 'q6',
      key: 'concept_of_higher_power',
      prompt: 'How do you understand your higher power today?',
      required: false,
    },
    {
      id: 'q7',
      key: 'examples_turned_over_to_addiction',
      prompt: 'In what ways had you already turned your will and your life over to your addiction?',
      required: false,
    },
    {
      id: 'q8',
      key: 'day_if_turned_over',
      prompt: 'What might a day look like if you turned it over to the care of your higher power?',
      required: false,
    },
    {
      id: 'q9',
      key: 'thoughts_behaviors_willing_to_turn_over',
      prompt: 'Which thoughts and behaviors are you willing to turn over today?',
      required: false,
    },
  ],
} as const satisfies QuestionSetDefinition;

export const STEP2_QUESTION_KEYS = STEP2_QUESTION_SET.items.map((q) => q.key);
export const STEP3_QUESTION_KEYS = STEP3_QUESTION_SET.items.map((q) => q.key);

/** The three questions step 6 asks about each character defect (saved in `defectAnswers`). */
export const DEFECT_QUESTIONS = [
  { key: 'hurts', prompt: 'How does this defect hurt me and the people around me?' },
  { key: 'helps', prompt: 'How has this defect helped or protected me, and what do I get out of it?' },
  { key: 'less', prompt: 'What would my life look like with less of this defect?' },
] as const;
export type DefectQuestionKey = (typeof DEFECT_QUESTIONS)[number]['key'];

/** Rows of the prayer text area of step 3. */
export const PRAYER_ROWS = 8;
