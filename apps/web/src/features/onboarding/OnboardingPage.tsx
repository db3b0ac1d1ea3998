import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';

export function OnboardingPage() {
  return (
    <Page
      title="Pick your primary recovery program"
      intro="Here you will choose the program you are working first, so SAM can shape your home page around it. You can change it at any time."
    >
      <p>
        <Link to="/recovery-programs">Browse the recovery programs</Link> in the meantime.
      </p>
    </Page>
  );
}
