import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';

export function InvitePage() {
  return (
    <Page
      title="Sponsorship Invitation"
      intro="This is where you will answer an invitation from someone in your program to work together as sponsor and sponsee."
    >
      <p>
        <Link to="/">Continue to SAM's home page</Link>
      </p>
    </Page>
  );
}
