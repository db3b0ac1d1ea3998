import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/index.ts';
import { useSession } from '../auth/index.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function ProfileDialog({ open, onOpenChange }: Props) {
  const { user } = useSession();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Profile"
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <p>
        Your display name, member-since date, last sign-in and your progress history will be shown and edited
        here.
      </p>
      {user ? (
        <p>
          Signed in as <strong>{user.email}</strong>.{' '}
          <Link to="/profile" onClick={() => onOpenChange(false)}>
            Open my profile page
          </Link>
        </p>
      ) : null}
    </Modal>
  );
}
