import { useEffect } from 'react';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { useSession } from '../auth/index.ts';
import { ProfileTabs } from './ProfileTabs.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The Profile dialog of the header menu; the /profile page shows the same tabs. */
export function ProfileDialog({ open, onOpenChange }: Props) {
  const { user } = useSession();
  // Signed out from inside (the account was deleted): nothing is left to show.
  useEffect(() => {
    if (open && !user) onOpenChange(false);
  }, [open, user, onOpenChange]);
  if (!user) return null;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Profile" description={user.email} size="lg">
      <ProfileTabs headingLevel={3} />
    </Modal>
  );
}
