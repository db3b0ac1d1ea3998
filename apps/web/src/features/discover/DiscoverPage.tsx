import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { ProgramCards } from '../programs/ProgramCards.tsx';

export function DiscoverPage() {
  return (
    <Page
      title="Discover Recovery"
      intro="This page will explain, in plain words, how addiction works and how twelve-step fellowships help. For now, here are the eight fellowships SAM knows."
    >
      <ProgramCards />
      <p>
        Not sure where to start? <Link to="/self-assess">Take the private self-assessment</Link>.
      </p>
    </Page>
  );
}
