/**
 * The self-assessment's questions, written for SAM in plain, kind words. No fellowship's literature is
 * copied: it is copyrighted.
 */
import { fellowshipById, nameWithInitials, type ProgramId } from '../fellowships.ts';

export type LevelAQuestionId = 'q1' | 'q2' | 'q3' | 'q4' | 'q5' | 'q6' | 'q7';

export type LevelAQuestion = {
  id: LevelAQuestionId;
  text: string;
  /** How the answer reads in "Patterns you recognized" when it was yes. */
  pattern: string;
};

/** Seven general questions about any behaviour or substance. */
export const LEVEL_A_QUESTIONS: readonly LevelAQuestion[] = [
  {
    id: 'q1',
    text: 'Have you tried to cut back or stop, and found you could not keep to it?',
    pattern: 'Trying to cut back, and not being able to',
  },
  {
    id: 'q2',
    text: 'Do you keep going even after it has caused you problems or pain?',
    pattern: 'Carrying on even when it causes harm',
  },
  {
    id: 'q3',
    text: 'Do you keep parts of it hidden, or feel you have to lie about it?',
    pattern: 'Keeping it secret',
  },
  {
    id: 'q4',
    text: 'Does it take up a lot of your thoughts, even when you are busy with other things?',
    pattern: 'Being preoccupied with it',
  },
  {
    id: 'q5',
    text: 'Over time, have you needed more of it, or something stronger, to feel the same effect?',
    pattern: 'Needing more to get the same effect',
  },
  {
    id: 'q6',
    text: 'Do you turn to it to cope with stress, loneliness, sadness or other hard feelings?',
    pattern: 'Using it to cope with hard feelings',
  },
  {
    id: 'q7',
    text: 'Has it hurt your relationships, your work or studies, or your health?',
    pattern: 'Harm to relationships, work or health',
  },
];

export const MODULE_IDS = ['alcohol', 'drugs', 'sex', 'food', 'gambling', 'money', 'relationships'] as const;
export type ModuleId = (typeof MODULE_IDS)[number];

export type AssessmentQuestion = { id: string; text: string };

/** One area of life, mapped to the fellowship that focuses on it. */
export type AssessmentModule = {
  id: ModuleId;
  name: string;
  description: string;
  /** The fellowship's full name with its initials, e.g. 'Sex Addicts Anonymous (SAA)'. */
  program_name: string;
  /** Short name for buttons: 'SAA'. */
  program_initials: string;
  program_slug: ProgramId;
  questions: readonly AssessmentQuestion[];
};

/** The fellowship fields of a module, from the fellowship registry. */
function programOf(id: ProgramId) {
  const fellowship = fellowshipById(id);
  return {
    program_name: nameWithInitials(fellowship),
    program_initials: fellowship.initials,
    program_slug: id,
  };
}

/** The seven areas, each with 2 to 4 yes/no questions, in the order they are offered. */
export const ASSESSMENT_MODULES: readonly AssessmentModule[] = [
  {
    id: 'alcohol',
    name: 'Alcohol',
    description: 'Drinking, and the place it has in your life.',
    ...programOf('aa'),
    questions: [
      { id: 'q1', text: 'Have you tried to drink less or stop drinking, and found it hard to stick to?' },
      { id: 'q2', text: 'Do you often drink more, or for longer, than you meant to?' },
      {
        id: 'q3',
        text: 'Has drinking caused trouble with people close to you, at work or with your health?',
      },
      { id: 'q4', text: 'Do you reach for a drink to relax, to sleep, or to get through a hard feeling?' },
    ],
  },
  {
    id: 'drugs',
    name: 'Drugs',
    description: 'Street drugs, or medication used in ways other than prescribed.',
    ...programOf('na'),
    questions: [
      { id: 'q1', text: 'Have you meant to cut back on drugs or medication, and found you could not?' },
      { id: 'q2', text: 'Do your days get planned around getting, using or recovering from drugs?' },
      {
        id: 'q3',
        text: 'Have you kept using even after it caused trouble with your health, money, the law or people you love?',
      },
    ],
  },
  {
    id: 'sex',
    name: 'Sex',
    description: 'Sexual behavior, porn, hook-ups or sexual activity online.',
    ...programOf('saa'),
    questions: [
      {
        id: 'q1',
        text: 'Have you promised yourself to stop a sexual behavior, such as porn or hook-ups, and then gone back to it?',
      },
      {
        id: 'q2',
        text: 'Do you spend more time than you want thinking about sex, looking for it or getting over it?',
      },
      {
        id: 'q3',
        text: 'Have you hidden your sexual behavior from people close to you, or felt you live a double life?',
      },
      {
        id: 'q4',
        text: 'Has your sexual behavior put your relationships, job, health or safety at risk?',
      },
    ],
  },
  {
    id: 'food',
    name: 'Food',
    description: 'Eating, dieting, and thoughts about food, weight or your body.',
    ...programOf('oa'),
    questions: [
      {
        id: 'q1',
        text: 'Do you often eat when you are not hungry, or keep eating when you are full, and feel unable to stop?',
      },
      { id: 'q2', text: 'Do you eat in secret, or feel ashamed about how you eat?' },
      { id: 'q3', text: 'Do thoughts about food, weight or your body fill much of your day?' },
      {
        id: 'q4',
        text: 'Have you tried diets or food rules again and again, only to end up back where you started?',
      },
    ],
  },
  {
    id: 'gambling',
    name: 'Gambling',
    description: 'Betting, casinos, lotteries, risky trading or paid game apps.',
    ...programOf('ga'),
    questions: [
      { id: 'q1', text: 'Have you gambled with money you needed for something else?' },
      { id: 'q2', text: 'After losing, do you feel you have to play again to win it back?' },
      { id: 'q3', text: 'Have you hidden how much you gamble, or borrowed money to keep going?' },
    ],
  },
  {
    id: 'money',
    name: 'Money',
    description: 'Spending, shopping, borrowing and debt.',
    ...programOf('da'),
    questions: [
      {
        id: 'q1',
        text: 'Do you often spend, shop or borrow in ways you later regret, and find it hard to stop?',
      },
      {
        id: 'q2',
        text: 'Do you avoid opening bills, checking your balance or talking about money, even though it worries you?',
      },
    ],
  },
  {
    id: 'relationships',
    name: 'Relationships',
    description: 'How you give, take and look after yourself in close relationships.',
    ...programOf('coda'),
    questions: [
      {
        id: 'q1',
        text: "Do you put other people's needs so far ahead of your own that you lose track of what you want?",
      },
      {
        id: 'q2',
        text: 'Is it hard for you to say no or set limits, even when something does not feel right?',
      },
      { id: 'q3', text: 'Do you stay in relationships that hurt you because being alone feels worse?' },
    ],
  },
];

export function findModule(id: string): AssessmentModule | undefined {
  return ASSESSMENT_MODULES.find((m) => m.id === id);
}

/** The area with this id, for a page that asks one area's questions on its own. */
export function assessmentModule(id: ModuleId): AssessmentModule {
  const module = findModule(id);
  if (!module) throw new Error(`The assessment has no area ${id}`);
  return module;
}

export function isModuleId(value: unknown): value is ModuleId {
  return typeof value === 'string' && (MODULE_IDS as readonly string[]).includes(value);
}
