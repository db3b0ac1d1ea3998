/**
 * Every screen of SAM, by its route. Breadcrumbs come from each route's `handle`.
 * Any other path shows the home page.
 */
import type { ComponentProps, ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import type { ProgramLandingPage as LandingPage } from '../features/programs/ProgramLandingPage.tsx';
import { PROGRAM_INITIALS } from '../features/programs/programInitials.ts';
import { loadStepSections } from '../features/steps/sections.ts';
import { STEP_NUMBERS } from '../features/steps/steps.ts';
import {
  pageTrail,
  programsTrail,
  programTrail,
  saaPageTrail,
  stepListTrail,
  stepTrail,
} from './breadcrumbs.ts';
import { withServerState } from './lazyServerState.tsx';
import { RootLayout } from './RootLayout.tsx';
import { readAhead } from './readAhead.ts';

/**
 * A screen loaded on first visit to its route (its own chunk), so the public pages load only what they
 * show. The home page stays in the entry chunk.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/**
 * A screen that reads server state: it loads with TanStack Query. `loadReads` gives what it reads ahead
 * (readAhead.ts), loaded with it.
 */
function serverScreen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  loadReads?: () => Promise<Parameters<typeof readAhead>[0]>,
) {
  return async () => {
    const [Component, reads] = await Promise.all([
      withServerState(async () => (await load())[name] as ComponentType),
      loadReads?.(),
    ]);
    return reads ? { Component, loader: readAhead(reads) } : { Component };
  };
}

type LandingProgramId = ComponentProps<typeof LandingPage>['programId'];

function landingPage(programId: LandingProgramId) {
  return async () => {
    const { ProgramLandingPage } = await import('../features/programs/ProgramLandingPage.tsx');
    return { element: <ProgramLandingPage programId={programId} /> };
  };
}

const otherPrograms: RouteObject[] = Object.entries(PROGRAM_INITIALS).flatMap(([id, initials]) =>
  id === 'saa'
    ? []
    : [
        {
          path: `programs/${id}`,
          lazy: landingPage(id as LandingProgramId),
          handle: programTrail(initials, id),
        },
      ],
);

const stepPages: RouteObject[] = STEP_NUMBERS.map((step) => ({
  path: `programs/saa/12-steps/step-${step}`,
  lazy: async () => {
    const [StepPage, sections, { readStepPageAhead }] = await Promise.all([
      withServerState(async () => (await import('../features/steps/StepPage.tsx')).StepPage),
      loadStepSections(step),
      import('../features/steps/readAhead.ts'),
    ]);
    return {
      element: <StepPage key={step} step={step} sections={sections} />,
      loader: readAhead((userId) => readStepPageAhead(userId, step)),
    };
  },
  handle: stepTrail(step),
}));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'index.html', element: <HomePage /> },
      {
        path: 'self-assess',
        lazy: screen(() => import('../features/assessment/SelfAssessPage.tsx'), 'SelfAssessPage'),
        handle: pageTrail('Self-Assessment', '/self-assess'),
      },
      {
        path: 'discover',
        lazy: screen(() => import('../features/discover/DiscoverPage.tsx'), 'DiscoverPage'),
        handle: pageTrail('Discover', '/discover'),
      },
      {
        path: 'onboarding',
        lazy: serverScreen(() => import('../features/onboarding/OnboardingPage.tsx'), 'OnboardingPage'),
        handle: pageTrail('Choose a Program', '/onboarding'),
      },
      {
        path: 'recovery-programs',
        lazy: serverScreen(
          () => import('../features/programs/RecoveryProgramsPage.tsx'),
          'RecoveryProgramsPage',
        ),
        handle: programsTrail(),
      },
      {
        path: 'programs/saa',
        lazy: screen(() => import('../features/programs/SaaProgramPage.tsx'), 'SaaProgramPage'),
        handle: programTrail(PROGRAM_INITIALS.saa, 'saa'),
      },
      {
        path: 'programs/saa/am-i-a-sex-addict',
        lazy: screen(() => import('../features/saaTools/AmIASexAddictPage.tsx'), 'AmIASexAddictPage'),
        handle: saaPageTrail('Am I a Sex Addict?', '/programs/saa/am-i-a-sex-addict'),
      },
      {
        path: 'programs/saa/sex-addiction',
        lazy: screen(() => import('../features/saaTools/SexAddictionPage.tsx'), 'SexAddictionPage'),
        handle: saaPageTrail('Sex Addiction', '/programs/saa/sex-addiction'),
      },
      ...otherPrograms,
      {
        path: 'programs/saa/12-steps',
        lazy: serverScreen(() => import('../features/steps/StepListPage.tsx'), 'StepListPage'),
        handle: stepListTrail(),
      },
      ...stepPages,
      {
        path: 'programs/saa/three-circles',
        lazy: serverScreen(
          () => import('../features/circles/ThreeCirclesPage.tsx'),
          'ThreeCirclesPage',
          async () => (await import('../features/circles/readAhead.ts')).readCirclesPageAhead,
        ),
        handle: saaPageTrail('My three circles', '/programs/saa/three-circles'),
      },
      {
        path: 'programs/saa/abstinence',
        lazy: serverScreen(() => import('../features/abstinence/AbstinencePage.tsx'), 'AbstinencePage'),
        handle: saaPageTrail('Abstinence days', '/programs/saa/abstinence'),
      },
      {
        path: 'programs/saa/check-in',
        lazy: serverScreen(
          () => import('../features/checkIns/CheckInPage.tsx'),
          'CheckInPage',
          async () => (await import('../features/checkIns/readAhead.ts')).readCheckInPageAhead,
        ),
        handle: saaPageTrail('Nightly check-in', '/programs/saa/check-in'),
      },
      {
        path: 'admin',
        lazy: serverScreen(() => import('../features/admin/AdminPage.tsx'), 'AdminPage'),
        handle: pageTrail('Admin', '/admin'),
      },
      {
        path: 'invite',
        lazy: serverScreen(() => import('../features/invite/InvitePage.tsx'), 'InvitePage'),
        handle: pageTrail('Invitation', '/invite'),
      },
      {
        path: 'verify-email',
        lazy: screen(() => import('../features/auth/VerifyEmailPage.tsx'), 'VerifyEmailPage'),
        handle: pageTrail('Verify Email', '/verify-email'),
      },
      { path: 'signup', lazy: screen(() => import('../features/auth/SignupPage.tsx'), 'SignupPage') },
      {
        path: 'notes',
        lazy: serverScreen(() => import('../features/notifications/NotesPage.tsx'), 'NotesPage'),
        handle: pageTrail('Notes', '/notes'),
      },
      {
        path: 'profile',
        lazy: serverScreen(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage'),
        handle: pageTrail('Profile', '/profile'),
      },
      {
        path: 'sponsees',
        lazy: serverScreen(() => import('../features/sponsorSpace/SponseesPage.tsx'), 'SponseesPage'),
        handle: pageTrail('My sponsees', '/sponsees'),
      },
      {
        path: 'sponsees/:relationshipId',
        lazy: serverScreen(
          () => import('../features/sponsorSpace/SponseeSpacePage.tsx'),
          'SponseeSpacePage',
          async () => (await import('../features/sponsorSpace/readAhead.ts')).readSpacePageAhead,
        ),
        handle: pageTrail('My sponsees', '/sponsees'),
      },
      { path: '*', element: <HomePage /> },
    ],
  },
];
