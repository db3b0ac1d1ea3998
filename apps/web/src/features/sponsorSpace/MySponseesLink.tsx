import { Link } from 'react-router';
import { useSpaceList } from './useSpaceView.ts';

/** For a sponsor: the way to what their sponsees share, with how much is new. */
export function MySponseesLink() {
  const spaces = useSpaceList();
  const sponsees = (spaces.data ?? []).filter((s) => s.role === 'sponsor');
  if (sponsees.length === 0) return null;
  const unread = sponsees.reduce((sum, s) => sum + s.unreadCount, 0);
  return (
    <p>
      <Link to="/sponsees">My sponsees{unread > 0 ? ` (${unread} new)` : ''}</Link>
    </p>
  );
}
