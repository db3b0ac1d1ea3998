import { fellowshipById, PROGRAM_IDS, type ProgramId } from '@sam/core';

export type { ProgramId };

/** A tool card on a landing page: an on-site route, or a disabled card for content still to come. */
export type ProgramTool = { title: string; description: string; to?: string };

export type Program = {
  id: ProgramId;
  initials: string;
  /** e.g. 'SAA - Sex Addicts Anonymous' */
  name: string;
  fullName: string;
  description: string;
  /** Two or three short paragraphs in SAM's words. */
  overview: readonly string[];
  officialWebsite: string;
  officialAssessment?: string;
  newcomerPage?: string;
  /** The fellowship's own literature page, where SAM links to it. */
  literature?: string;
  /** Absent where the fellowship lists meetings on its official website (no second link to the same page). */
  meetingFinder?: string;
  meetingFinderText: string;
  tools: readonly ProgramTool[];
};

const ASSESS_TOOL: ProgramTool = {
  title: 'Take the self-assessment',
  description: 'A private check of 5 to 10 minutes. Your answers stay on this device.',
  to: '/self-assess',
};
const DISCOVER_TOOL: ProgramTool = {
  title: 'Compare fellowships',
  description: 'See all eight fellowships side by side and what each one is for.',
  to: '/discover',
};
const JOURNEY_TOOL: ProgramTool = {
  title: 'Set up My Recovery Journey',
  description: 'Choose the programs you work and keep your next step one tap away.',
  to: '/recovery-programs',
};
const COMMON_TOOLS = [ASSESS_TOOL, DISCOVER_TOOL, JOURNEY_TOOL] as const;

/** The SAA page's tools grid. */
export const SAA_TOOLS: readonly ProgramTool[] = [
  {
    title: 'Am I a Sex Addict?',
    description: 'A few private questions about sexual behavior. Your answers stay on this device.',
    to: '/programs/saa/am-i-a-sex-addict',
  },
  {
    title: 'Sex Addiction',
    description: 'What sex addiction is, what it is not, and how SAA helps.',
    to: '/programs/saa/sex-addiction',
  },
  {
    title: 'My 3 Circles',
    description: 'Draw your inner, middle and outer circles.',
    to: '/programs/saa/three-circles',
  },
  {
    title: 'Work My 12 Steps',
    description: 'Guided actions, questions and inventories for each step, encrypted on your device.',
    to: '/programs/saa/12-steps',
  },
];

/** Id, initials and names come from the fellowship registry; the rest of a page is in SAM's words here. */
function fromRegistry(id: ProgramId) {
  const { initials, fullName } = fellowshipById(id);
  return { id, initials, name: `${initials} - ${fullName}`, fullName };
}

const PROGRAM_PAGES: readonly Program[] = [
  {
    ...fromRegistry('saa'),
    description:
      'For anyone who wants to stop compulsive sexual behavior. Members find their own path to sobriety with the help of the group and a sponsor.',
    officialWebsite: 'https://saa-recovery.org',
    overview: [
      'Sex Addicts Anonymous is a fellowship of people who share their experience, strength and hope so they can stop compulsive sexual behavior and help others do the same. The only requirement for membership is a desire to stop addictive sexual behavior.',
      'Members define their own sobriety, often with the help of a sponsor and a simple tool called the three circles: behaviors to stop, behaviors that are risky, and healthy behaviors to grow. Working the twelve steps, going to meetings and reaching out to others are at the heart of the program.',
      'SAA is open to people of every gender, orientation, faith or none. You do not have to speak at a meeting, and you are welcome just as you are.',
    ],
    newcomerPage: 'https://saa-recovery.org/newcomers/',
    literature: 'https://saa-recovery.org/literature/',
    meetingFinder: 'https://saa-recovery.org/meetings/',
    meetingFinderText: 'Find an SAA meeting, in person, by phone or online',
    tools: SAA_TOOLS,
  },
  {
    ...fromRegistry('aa'),
    description: 'The first twelve-step fellowship, for anyone who has a desire to stop drinking.',
    officialWebsite: 'https://www.aa.org',
    overview: [
      'Alcoholics Anonymous began in 1935 and is the fellowship every other twelve-step program grew from. Members help each other stay sober, one day at a time.',
      'The only requirement for membership is a desire to stop drinking. There are meetings almost everywhere, online and in person, and many are open to anyone curious.',
    ],
    officialAssessment: 'https://www.aa.org/is-aa-for-you',
    meetingFinder: 'https://www.aa.org/find-aa',
    meetingFinderText: 'Find an AA meeting near you or online',
    tools: COMMON_TOOLS,
  },
  {
    ...fromRegistry('na'),
    description: 'For people recovering from addiction to drugs of any kind, including alcohol.',
    officialWebsite: 'https://na.org',
    overview: [
      'Narcotics Anonymous is for anyone whose use of drugs, of any kind, has become a problem. NA treats addiction as the disease, not any one drug, so alcohol is included too.',
      'Members meet regularly to stay clean, work the twelve steps with a sponsor, and support newcomers.',
    ],
    meetingFinder: 'https://www.na.org/meetingsearch/',
    meetingFinderText: 'Find an NA meeting',
    tools: COMMON_TOOLS,
  },
  {
    ...fromRegistry('oa'),
    description: 'For people recovering from compulsive eating and other troubled relationships with food.',
    officialWebsite: 'https://oa.org',
    overview: [
      'Overeaters Anonymous welcomes anyone with a problem with food: compulsive eating, binge eating, undereating, bulimia, or an obsession with food or weight.',
      'OA is not a diet club. Members use the twelve steps, a sponsor and a personal plan of eating to find freedom from compulsive food behaviors.',
    ],
    meetingFinder: 'https://oa.org/find-a-meeting/',
    meetingFinderText: 'Find an OA meeting',
    tools: COMMON_TOOLS,
  },
  {
    ...fromRegistry('ga'),
    description: 'For people who want to stop gambling and repair what gambling has cost them.',
    officialWebsite: 'https://www.gamblersanonymous.org',
    overview: [
      'Gamblers Anonymous is for people who want to stop gambling. Members share their experience so that each can solve their common problem and help others recover.',
      'Alongside the twelve steps, GA meetings often help with the practical wreckage gambling leaves, such as debts and broken trust.',
    ],
    officialAssessment: 'https://www.gamblersanonymous.org/ga/content/20-questions',
    meetingFinderText: 'GA lists its meetings on its official website, linked above.',
    tools: COMMON_TOOLS,
  },
  {
    ...fromRegistry('da'),
    description: 'For people recovering from compulsive debting and other painful patterns with money.',
    officialWebsite: 'https://debtorsanonymous.org',
    overview: [
      'Debtors Anonymous is for people who want to stop incurring unsecured debt and to recover from compulsive debting, underearning and other painful patterns with money.',
      'Members use the twelve steps, sponsors and practical tools such as keeping spending records and pressure relief meetings.',
    ],
    meetingFinderText: 'DA lists its meetings on its official website, linked above.',
    tools: COMMON_TOOLS,
  },
  {
    ...fromRegistry('coda'),
    description: 'For people who want healthy, loving relationships, free of codependent patterns.',
    officialWebsite: 'https://coda.org',
    overview: [
      "Co-Dependents Anonymous is for anyone who wants healthy and loving relationships. Many members grew up or lived with addiction, and learned to put others' needs, moods or approval before their own.",
      'CoDA uses the twelve steps to help members find their own voice, set healthy boundaries and care for themselves.',
    ],
    meetingFinder: 'https://coda.org/find-a-meeting/',
    meetingFinderText: 'Find a CoDA meeting',
    tools: COMMON_TOOLS,
  },
  {
    ...fromRegistry('ca'),
    description: 'For people recovering from addiction to cocaine and all other mind-altering substances.',
    officialWebsite: 'https://ca.org',
    overview: [
      'Cocaine Anonymous is for people who want to stop using cocaine and all other mind-altering substances. Members share their experience to stay free and to help the addict who still suffers.',
      'Like other twelve-step fellowships, CA has no dues or fees, and the only requirement for membership is a desire to stop using.',
    ],
    meetingFinder: 'https://ca.org/meetings/',
    meetingFinderText: 'Find a CA meeting',
    tools: COMMON_TOOLS,
  },
];

/** Every program, in the registry's order (SAA first): each list of programs SAM shows uses this order. */
export const PROGRAMS: readonly Program[] = PROGRAM_IDS.map((id) => {
  const program = PROGRAM_PAGES.find((p) => p.id === id);
  if (!program) throw new Error(`The program ${id} has no page`);
  return program;
});

export function programById(id: ProgramId): Program {
  const program = PROGRAMS.find((p) => p.id === id);
  if (!program) throw new Error(`Unknown program ${id}`);
  return program;
}
