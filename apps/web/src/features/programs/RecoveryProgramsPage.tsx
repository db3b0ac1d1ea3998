import { Page } from '../../ui/Page.tsx';
import { LoginPrompt } from '../auth/index.ts';
import { ProgramCards } from './ProgramCards.tsx';

export function RecoveryProgramsPage() {
  return (
    <Page
      title="My Recovery Journey"
      intro="Eight twelve-step fellowships, each with its own meetings and literature. Soon, once you are signed in, this page will also become your personal home for the programs you work."
    >
      <LoginPrompt>Sign in to choose your programs and keep your progress in one private place.</LoginPrompt>
      <ProgramCards />
    </Page>
  );
}
