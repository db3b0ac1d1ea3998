/** The eight fellowships SAM lists (spec part 1 §1), in the spec's order. Descriptions are SAM's own words. */
export type ProgramId = 'saa' | 'aa' | 'na' | 'oa' | 'ga' | 'da' | 'coda' | 'ca';

export type Program = {
  id: ProgramId;
  initials: string;
  /** e.g. 'SAA - Sex Addicts Anonymous' */
  name: string;
  fullName: string;
  description: string;
  officialWebsite: string;
};

export const PROGRAMS: readonly Program[] = [
  {
    id: 'saa',
    initials: 'SAA',
    name: 'SAA - Sex Addicts Anonymous',
    fullName: 'Sex Addicts Anonymous',
    description:
      'For anyone who wants to stop compulsive sexual behavior. Members find their own path to sobriety with the help of the group and a sponsor.',
    officialWebsite: 'https://saa-recovery.org',
  },
  {
    id: 'aa',
    initials: 'AA',
    name: 'AA - Alcoholics Anonymous',
    fullName: 'Alcoholics Anonymous',
    description: 'The first twelve-step fellowship, for anyone who has a desire to stop drinking.',
    officialWebsite: 'https://www.aa.org',
  },
  {
    id: 'na',
    initials: 'NA',
    name: 'NA - Narcotics Anonymous',
    fullName: 'Narcotics Anonymous',
    description: 'For people recovering from addiction to drugs of any kind, including alcohol.',
    officialWebsite: 'https://na.org',
  },
  {
    id: 'oa',
    initials: 'OA',
    name: 'OA - Overeaters Anonymous',
    fullName: 'Overeaters Anonymous',
    description: 'For people recovering from compulsive eating and other troubled relationships with food.',
    officialWebsite: 'https://oa.org',
  },
  {
    id: 'ga',
    initials: 'GA',
    name: 'GA - Gamblers Anonymous',
    fullName: 'Gamblers Anonymous',
    description: 'For people who want to stop gambling and repair what gambling has cost them.',
    officialWebsite: 'https://www.gamblersanonymous.org',
  },
  {
    id: 'da',
    initials: 'DA',
    name: 'DA - Debtors Anonymous',
    fullName: 'Debtors Anonymous',
    description: 'For people recovering from compulsive debting and other painful patterns with money.',
    officialWebsite: 'https://debtorsanonymous.org',
  },
  {
    id: 'coda',
    initials: 'CoDA',
    name: 'CoDA - Co-Dependents Anonymous',
    fullName: 'Co-Dependents Anonymous',
    description: 'For people who want healthy, loving relationships, free of codependent patterns.',
    officialWebsite: 'https://coda.org',
  },
  {
    id: 'ca',
    initials: 'CA',
    name: 'CA - Cocaine Anonymous',
    fullName: 'Cocaine Anonymous',
    description: 'For people recovering from addiction to cocaine and all other mind-altering substances.',
    officialWebsite: 'https://ca.org',
  },
];

export function programById(id: ProgramId): Program {
  const program = PROGRAMS.find((p) => p.id === id);
  if (!program) throw new Error(`Unknown program ${id}`);
  return program;
}
