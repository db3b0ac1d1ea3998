import { Page } from '../../ui/Page.tsx';
import { LoginPrompt, useSession } from '../auth/index.ts';

export function ProfilePage() {
  const { user } = useSession();
  return (
    <Page
      title="My Profile"
      intro="Your profile will be here: your display name, when you joined, your last sign-in and your preferences."
    >
      {user ? <p>You are signed in as {user.email}.</p> : null}
      <LoginPrompt>Sign in to see your profile.</LoginPrompt>
    </Page>
  );
}
