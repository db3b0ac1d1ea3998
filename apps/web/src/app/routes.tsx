/**
 * Every screen of SAM, by its route (spec part 1 §2). Breadcrumbs come from each route's `handle`.
 * Any other path shows the home page.
 */
import type { RouteObject } from 'react-router';
import { AdminPage } from '../features/admin/AdminPage.tsx';
import { SelfAssessPage } from '../features/assessment/SelfAssessPage.tsx';
import { SignupPage } from '../features/auth/SignupPage.tsx';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage.tsx';
import { DiscoverPage } from '../features/discover/DiscoverPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { InvitePage } from '../features/invite/InvitePage.tsx';
import { OnboardingPage } from '../features/onboarding/OnboardingPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { ProgramLandingPage } from '../features/programs/ProgramLandingPage.tsx';
import { PROGRAMS } from '../features/programs/programs.ts';
import { RecoveryProgramsPage } from '../features/programs/RecoveryProgramsPage.tsx';
import { SaaProgramPage } from '../features/programs/SaaProgramPage.tsx';
import { StepListPage } from '../features/steps/StepListPage.tsx';
import { StepPage } from '../features/steps/StepPage.tsx';
import { STEP_NUMBERS } from '../features/steps/steps.ts';
import { pageTrail, programsTrail, programTrail, stepListTrail, stepTrail } from './breadcrumbs.ts';
import { RootLayout } from './RootLayout.tsx';

const otherPrograms: RouteObject[] = PROGRAMS.flatMap((program) =>
  program.id === 'saa'
    ? []
    : [
        {
          path: `programs/${program.id}`,
          element: <ProgramLandingPage programId={program.id} />,
          handle: programTrail(program.initials, program.id),
        },
      ],
);

const stepPages: RouteObject[] = STEP_NUMBERS.map((step) => ({
  path: `programs/saa/12-steps/step-${step}`,
  element: <StepPage key={step} step={step} />,
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
        element: <SelfAssessPage />,
        handle: pageTrail('Self-Assessment', '/self-assess'),
      },
      { path: 'discover', element: <DiscoverPage />, handle: pageTrail('Discover', '/discover') },
      {
        path: 'onboarding',
        element: <OnboardingPage />,
        handle: pageTrail('Choose a Program', '/onboarding'),
      },
      { path: 'recovery-programs', element: <RecoveryProgramsPage />, handle: programsTrail() },
      { path: 'programs/saa', element: <SaaProgramPage />, handle: programTrail('SAA', 'saa') },
      ...otherPrograms,
      { path: 'programs/saa/12-steps', element: <StepListPage />, handle: stepListTrail() },
      ...stepPages,
      { path: 'admin', element: <AdminPage />, handle: pageTrail('Admin', '/admin') },
      { path: 'invite', element: <InvitePage />, handle: pageTrail('Invitation', '/invite') },
      {
        path: 'verify-email',
        element: <VerifyEmailPage />,
        handle: pageTrail('Verify Email', '/verify-email'),
      },
      { path: 'signup', element: <SignupPage /> },
      { path: 'profile', element: <ProfilePage />, handle: pageTrail('Profile', '/profile') },
      { path: '*', element: <HomePage /> },
    ],
  },
];
