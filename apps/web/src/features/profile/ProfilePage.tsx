import { Page } from '../../ui/Page.tsx';
import { LoginPrompt, useSession } from '../auth/index.ts';
import { ProfileTabs } from './ProfileTabs.tsx';

/** /profile: the Profile dialog's tabs as a page. */
export function ProfilePage() {
  const { user } = useSession();
  return (
    <Page title="My Profile" intro="Your details, your progress history and your sponsorship.">
      {user ? <ProfileTabs headingLevel={2} /> : <LoginPrompt>Sign in to see your profile.</LoginPrompt>}
    </Page>
  );
}
