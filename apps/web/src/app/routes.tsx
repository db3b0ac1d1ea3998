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
 * A screen that reads server state: it loads with TanStack Query. `reads` names the module's export that
 * starts what the page draws first (its feature's readAhead.ts, exported with the page so that it comes in
 * the page's file), which becomes the route's loader.
 */
function serverScreen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  reads?: keyof M & string,
) {
  return async () => {
    const module = await withServerState(load);
    const Component = module[name] as ComponentType;
    if (!reads) return { Component };
    return { Component, ...readAhead(module[reads] as Parameters<typeof readAhead>[0]) };
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
    const [{ StepPage, readStepPageAhead }, sections] = await Promise.all([
      withServerState(() => import('../features/steps/StepPage.tsx')),
      loadStepSections(step),
    ]);
    return {
      element: <StepPage key={step} step={step} sections={sections} />,
      ...readAhead((userId) => readStepPageAhead(userId, step)),
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
          'readCirclesPageAhead',
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
          'readCheckInPageAhead',
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
          'readSpacePageAhead',
        ),
        handle: pageTrail('My sponsees', '/sponsees'),
      },
      { path: '*', element: <HomePage /> },
    ],
  },
];
