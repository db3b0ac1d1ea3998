import { useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { LoginPrompt, useSession } from '../auth/index.ts';
import { ProfileTabs, profileTabOf } from './ProfileTabs.tsx';

/** /profile: the Profile dialog's tabs as a page; ?tab=sponsorship (or history) opens on that tab. */
export function ProfilePage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  return (
    <Page title="My Profile" intro="Your details, your progress history and your sponsorship.">
      {user ? (
        <ProfileTabs headingLevel={2} initialTab={profileTabOf(params.get('tab'))} />
      ) : (
        <LoginPrompt>Sign in to see your profile.</LoginPrompt>
      )}
    </Page>
  );
}
