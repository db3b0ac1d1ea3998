import { PROGRAM_IDS, type ProgramId } from './fellowships.ts';
import type { ProgramPreferences } from './programPreferences.ts';

/**
 * The signed-in dashboard's state. Preferences of `null` mean none are set
 * (the server's 404). A failed step load is not an error: it falls back to step 1 not started.
 */
export type DashboardState = 'loading' | 'error' | 'no-primary' | 'main';

export function dashboardState(input: {
  preferences: { status: 'pending' | 'error' | 'success'; data?: ProgramPreferences | null };
  /** Whether the step progress is still loading (only waited for when the primary program has steps). */
  progressPending: boolean;
  primaryHasSteps: (program: ProgramId) => boolean;
}): DashboardState {
  const { preferences } = input;
  if (preferences.status === 'pending') return 'loading';
  if (preferences.status === 'error') return 'error';
  const primary = preferences.data?.primaryProgram ?? null;
  if (!primary) return 'no-primary';
  if (input.primaryHasSteps(primary) && input.progressPending) return 'loading';
  return 'main';
}

export function isProgramId(value: unknown): value is ProgramId {
  return typeof value === 'string' && (PROGRAM_IDS as readonly string[]).includes(value);
}

/** The self-assessment's ranked slugs, cleaned: lower case, known programs only, no repeats. */
export function rankedRecommendations(preselected: unknown): ProgramId[] {
  if (!Array.isArray(preselected)) return [];
  const ranked: ProgramId[] = [];
  for (const item of preselected) {
    const id = typeof item === 'string' ? item.trim().toLowerCase() : item;
    if (isProgramId(id) && !ranked.includes(id)) ranked.push(id);
  }
  return ranked;
}

/** Onboarding's choices, in the registry's order (SAA first, as everywhere SAM lists programs), then "not sure". */
export type OnboardingChoice = ProgramId | 'not-sure';
export const ONBOARDING_OPTIONS: readonly OnboardingChoice[] = [...PROGRAM_IDS, 'not-sure'];

/**
 * What choosing a program on /onboarding saves: the chosen program becomes primary and is selected;
 * programs the user already works stay selected, in their order. Nothing else is added: the
 * self-assessment's other suggestions are only suggestions. Null for Not sure yet (no save). `method` says
 * whether to create (POST) or update (PUT).
 */
export function onboardingSave(
  existing: ProgramPreferences | null,
  choice: OnboardingChoice,
): { method: 'POST' | 'PUT'; body: { selectedPrograms: ProgramId[]; primaryProgram: ProgramId } } | null {
  if (choice === 'not-sure') return null;
  const already = existing?.selectedPrograms ?? [];
  return {
    method: existing ? 'PUT' : 'POST',
    body: {
      selectedPrograms: already.includes(choice) ? [...already] : [...already, choice],
      primaryProgram: choice,
    },
  };
}

/** Last page visit, kept in local storage under 'userPageVisits', keyed by user id. */
export type PageVisit = { userId: string; lastPage: string; lastPageTitle: string; lastVisited: string };

/**
 * Every page counts except the home page (and its alias). SAM also skips the one-off account and
 * onboarding pages: "Continue: Verify Your Email" would lead nowhere useful.
 */
const UNTRACKED = new Set(['/', '', '/index.html', '/verify-email', '/signup', '/onboarding']);
export function isTrackedPage(pathname: string): boolean {
  return !UNTRACKED.has(pathname);
}

function parseVisits(raw: string | null): Record<string, PageVisit> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, PageVisit>)
      : {};
  } catch {
    return {};
  }
}

/** The user's last visit from the stored value, or null. */
export function readPageVisit(raw: string | null, userId: string): PageVisit | null {
  const visit = parseVisits(raw)[userId];
  if (
    !visit ||
    typeof visit.lastPage !== 'string' ||
    !visit.lastPage.startsWith('/') ||
    visit.lastPage.startsWith('//') ||
    typeof visit.lastPageTitle !== 'string'
  ) {
    return null;
  }
  return visit;
}

/** The new stored value with this user's visit replaced; other users' visits are kept. */
export function writePageVisit(raw: string | null, visit: PageVisit): string {
  return JSON.stringify({ ...parseVisits(raw), [visit.userId]: visit });
}

/** The program a page belongs to, from its path: '/programs/aa' or '/programs/saa/12-steps/step-1'; else null. */
export function programOfPage(path: string): ProgramId | null {
  const id = /^\/programs\/([^/?#]+)/.exec(path)?.[1];
  return isProgramId(id) ? id : null;
}

/**
 * Which of the user's programs the personal home page offers "Continue: <page>" under: the one the page
 * belongs to. Null when the page belongs to none of `programs` (the Discover page, the profile, a program
 * not worked): the link then stands on its own, never under a program it has nothing to do with.
 */
export function continueUnder(lastPage: string, programs: readonly ProgramId[]): ProgramId | null {
  const program = programOfPage(lastPage);
  return program && programs.includes(program) ? program : null;
}

/** The page's name from the tab title: 'Step One | SAM' -> 'Step One'. */
export function pageTitleFrom(documentTitle: string, appName = 'SAM'): string {
  const suffix = ` | ${appName}`;
  const title = documentTitle.endsWith(suffix) ? documentTitle.slice(0, -suffix.length) : documentTitle;
  return title.trim() || appName;
}
