import { WORKBOOK_FELLOWSHIP } from '../fellowships.ts';
import type { ActionDefinition, ProgramDefinition, StepDefinition } from './definitions.ts';
import { STEP2_QUESTION_SET, STEP3_QUESTION_SET } from './questions.ts';

/**
 * SAA's twelve steps as SAM presents them. Statements and action texts are SAM's own plain words;
 * the fellowship's literature is linked from the content files, never copied here.
 */

const read = (title: string): ActionDefinition => ({
  id: 1,
  label: `Read about ${title}`,
  description: `Read the ${title} chapter of the fellowship's core book (for SAA, Sex Addicts Anonymous, often called the Green Book).`,
});

const learn = (title: string): ActionDefinition => ({
  id: 2,
  label: `Learn about ${title}`,
  description: `Read SAM's guidance on ${title} and think about how it applies to you.`,
});

const step = (
  number: number,
  title: string,
  name: string,
  statement: string,
  actions: ActionDefinition[],
  extra: Partial<Pick<StepDefinition, 'questions'>> = {},
): StepDefinition => ({
  number,
  title,
  name,
  statement,
  slug: `step-${number}`,
  actions,
  comingSoon: number >= 6,
  ...extra,
});

const SAA_STEPS: StepDefinition[] = [
  step(
    1,
    'Step One',
    'Admitting powerlessness',
    'We admit that we cannot control our addictive sexual behavior on our own, and that it has made our lives unmanageable.',
    [
      read('Step One'),
      learn('Step One'),
      {
        id: 3,
        label: 'Write your Step One',
        description:
          'Write honestly about how addictive sexual behavior has shown up in your life and what it has cost you. You do not have to write it all at once.',
      },
      {
        id: 4,
        label: 'Review it with your sponsor',
        description: 'Go over what you wrote with your sponsor and talk about what you notice.',
      },
      {
        id: 5,
        label: 'Read it in a meeting',
        description: 'When you and your sponsor feel you are ready, share your Step One at a meeting.',
      },
      {
        id: 6,
        label: 'Take Step One',
        description:
          'Make the admission of Step One your own: say, in your own words, that you are powerless over this behavior and need help.',
      },
    ],
  ),
  step(
    2,
    'Step Two',
    'Coming to believe',
    'We come to believe that a power greater than ourselves can help restore us to a sane and healthy life.',
    [
      read('Step Two'),
      learn('Step Two'),
      {
        id: 3,
        label: 'Answer the Step Two questions',
        description: 'Write your answers to questions 1 to 5 below; question 6 is optional.',
        rule: 'step2-questions',
        autoComplete: true,
      },
      {
        id: 4,
        label: 'Declare your willingness',
        description:
          'Tell your sponsor or your group that you are willing to believe a power greater than yourself can help restore you.',
      },
    ],
    { questions: STEP2_QUESTION_SET },
  ),
  step(
    3,
    'Step Three',
    'Making a decision',
    'We decide to entrust our will and our lives to the care of a higher power, as each of us understands that power.',
    [
      read('Step Three'),
      learn('Step Three'),
      {
        id: 3,
        label: 'Answer the Step Three questions',
        description:
          'Answer at least one of the nine questions below; come back to the others when you are ready.',
        rule: 'step3-any-answer',
      },
      {
        id: 4,
        label: 'Pray the Third Step Prayer',
        description: 'Write a Third Step prayer in your own words, save it, and pray it.',
      },
    ],
    { questions: STEP3_QUESTION_SET },
  ),
  step(
    4,
    'Step Four',
    'Taking inventory',
    'We take an honest, thorough and courageous look at ourselves: our resentments, our fears and the harm we have done.',
    [
      read('Step Four'),
      learn('Step Four'),
      {
        id: 3,
        label: 'Fill out your inventories and schedule Step Five',
        description:
          'Complete your Resentments, Fears and Harms Done inventories, then set a date, a time and a place to share them with your sponsor.',
        rule: 'step4-inventories-and-schedule',
      },
      {
        id: 4,
        label: 'Take Step Four',
        description:
          'Take a moment to honor the courage it took to look honestly at yourself: you have taken Step Four.',
      },
    ],
  ),
  step(
    5,
    'Step Five',
    'Sharing our inventory',
    'We share the exact truth about our wrongs with our higher power, with ourselves and with another trusted person.',
    [
      read('Step Five'),
      learn('Step Five'),
      {
        id: 3,
        label: 'Share your inventories and list your character defects',
        description:
          'Share your Step Four inventories with your sponsor, then save a list of the character defects you discovered together.',
        rule: 'step5-shared-and-defects',
      },
    ],
  ),
  step(
    6,
    'Step Six',
    'Becoming ready',
    'We become fully willing to let go of the defects of character that have hurt us and the people around us.',
    [
      read('Step Six'),
      learn('Step Six'),
      {
        id: 3,
        label: 'Answer the questions for each defect',
        description:
          'For each character defect, write how it hurts you, how it has helped you, and what life could look like with less of it.',
        rule: 'step6-all-defects-answered',
      },
    ],
  ),
  step(
    7,
    'Step Seven',
    'Asking for help',
    'We humbly ask our higher power for help in letting go of our shortcomings.',
    [
      read('Step Seven'),
      learn('Step Seven'),
      {
        id: 3,
        label: 'Ask for help with your shortcomings',
        description:
          'In your own words, humbly ask your higher power for help letting go of your shortcomings, and keep asking day by day.',
      },
    ],
  ),
  step(
    8,
    'Step Eight',
    'Becoming willing to make amends',
    'We list the people we have harmed and become willing to make things right with each of them.',
    [
      read('Step Eight'),
      learn('Step Eight'),
      {
        id: 3,
        label: 'List the people you have harmed',
        description:
          'Write down everyone you have harmed (your Harms Done inventory is a good start) and become willing to make amends to each one.',
      },
    ],
  ),
  step(
    9,
    'Step Nine',
    'Making amends',
    'We make direct amends wherever we can, unless doing so would cause harm to them or to others.',
    [
      read('Step Nine'),
      learn('Step Nine'),
      {
        id: 3,
        label: 'Make your amends',
        description:
          "With your sponsor's help, make direct amends wherever you can, unless doing so would cause more harm.",
      },
    ],
  ),
  step(
    10,
    'Step Ten',
    'Continuing inventory',
    'We keep taking a personal inventory, and when we are wrong we admit it right away.',
    [
      read('Step Ten'),
      learn('Step Ten'),
      {
        id: 3,
        label: 'Keep a daily inventory',
        description: 'Take a short inventory of your day and promptly admit it when you are wrong.',
      },
    ],
  ),
  step(
    11,
    'Step Eleven',
    'Prayer and meditation',
    'Through prayer and meditation we seek a closer connection with our higher power, asking to know its will for us and for the strength to follow it.',
    [
      read('Step Eleven'),
      learn('Step Eleven'),
      {
        id: 3,
        label: 'Practice prayer and meditation',
        description:
          'Set aside regular quiet time for prayer and meditation to deepen your connection with your higher power.',
      },
    ],
  ),
  step(
    12,
    'Step Twelve',
    'Carrying the message',
    'Having found a spiritual awakening through these steps, we carry the message to others who still struggle and practice these principles in every part of our lives.',
    [
      read('Step Twelve'),
      learn('Step Twelve'),
      {
        id: 3,
        label: 'Carry the message',
        description:
          'Share your experience, strength and hope with others who still struggle, and practice these principles in all areas of your life.',
      },
    ],
  ),
];

const { id, code, fullName, initials } = WORKBOOK_FELLOWSHIP;

export const SAA_PROGRAM: ProgramDefinition = {
  id,
  code,
  name: `${initials} - ${fullName}`,
  fullName,
  initials,
  tracks: [
    { id: '12-steps', name: 'The 12 Steps of SAA', title: "Working SAA's 12 Steps", steps: SAA_STEPS },
  ],
};
