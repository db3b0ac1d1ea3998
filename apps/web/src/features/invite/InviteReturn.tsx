import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/index.ts';
import { inviteReturnPath, readInviteHandoff } from './inviteHandoff.ts';

/**
 * Mounted once in the shell: after sign-up (e-mail checked, first sign-in) or sign-in, brings the invited
 * person back to the invitation they set aside, which the invite page then accepts or shows.
 */
export function InviteReturn() {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'signed-in') return;
    const path = inviteReturnPath(readInviteHandoff(), user?.email ?? null, pathname);
    if (path) navigate(path, { replace: true });
  }, [status, user, pathname, navigate]);

  return null;
}
