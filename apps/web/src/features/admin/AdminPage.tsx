import { Navigate } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/index.ts';

/** Admins only (spec part 1 §6): anyone else is sent home. The server checks the role again. */
export function AdminPage() {
  const { user } = useSession();
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return (
    <Page
      title="Admin Dashboard"
      intro="Feedback from members, usage metrics and user management will be gathered here, without access to anyone's private writing."
    />
  );
}
