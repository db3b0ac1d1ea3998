/**
 * The eight fellowships SAM lists, in the order it lists them. Every id (routes, preferences), code (how
 * progress and sponsorship store a program), initials and name elsewhere comes from here; to add a
 * fellowship, see docs/how-to/add-a-fellowship.md.
 */
export const FELLOWSHIPS = [
  { id: 'saa', code: 'SAA', initials: 'SAA', fullName: 'Sex Addicts Anonymous' },
  { id: 'aa', code: 'AA', initials: 'AA', fullName: 'Alcoholics Anonymous' },
  { id: 'na', code: 'NA', initials: 'NA', fullName: 'Narcotics Anonymous' },
  { id: 'oa', code: 'OA', initials: 'OA', fullName: 'Overeaters Anonymous' },
  { id: 'ga', code: 'GA', initials: 'GA', fullName: 'Gamblers Anonymous' },
  { id: 'da', code: 'DA', initials: 'DA', fullName: 'Debtors Anonymous' },
  { id: 'coda', code: 'CODA', initials: 'CoDA', fullName: 'Co-Dependents Anonymous' },
  { id: 'ca', code: 'CA', initials: 'CA', fullName: 'Cocaine Anonymous' },
] as const;

export type Fellowship = (typeof FELLOWSHIPS)[number];
/** Lower-case, as routes and preferences name a fellowship: 'saa'. */
export type ProgramId = Fellowship['id'];
/** Upper-case, as progress and sponsorship store a program: 'SAA'. */
export type ProgramCode = Fellowship['code'];

/** The ids in order (a non-empty tuple, as zod enums take). */
export const PROGRAM_IDS = FELLOWSHIPS.map((f) => f.id) as unknown as readonly [ProgramId, ...ProgramId[]];
/** The codes in order (a non-empty tuple, as zod enums take). */
export const PROGRAM_CODES = FELLOWSHIPS.map((f) => f.code) as unknown as readonly [
  ProgramCode,
  ...ProgramCode[],
];

export function fellowshipById(id: ProgramId): Fellowship {
  return FELLOWSHIPS.find((f) => f.id === id) as Fellowship;
}

/** The fellowship SAM's twelve-step workbook, inventories, backups and sharing are for. */
export const WORKBOOK_FELLOWSHIP = fellowshipById('saa');
/** Its code, as progress rows, backups and share documents store it: 'SAA'. */
export const WORKBOOK_PROGRAM = WORKBOOK_FELLOWSHIP.code;

/** 'Sex Addicts Anonymous (SAA)' */
export const nameWithInitials = (f: Fellowship) => `${f.fullName} (${f.initials})`;
