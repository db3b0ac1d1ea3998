/**
 * The hand-off of an invitation across sign-up or sign-in: the invite page keeps the token in this tab's
 * sessionStorage, and once the invited person is signed in the app brings them back to the invite page,
 * which accepts it (intent 'accept') or shows it again (intent 'review').
 */

export type InviteIntent = 'accept' | 'review';
export type InviteHandoff = { token: string; invitationId: string; email: string; intent: InviteIntent };

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const INVITE_HANDOFF_KEY = 'sam_pending_invitation';

/** Pages the return must not interrupt: the invite page itself, and the e-mail check with its key step. */
const STAY_ON = ['/invite', '/verify-email'];

function sessionStore(): Store | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

export function keepInviteHandoff(handoff: InviteHandoff, store: Store | null = sessionStore()): void {
  store?.setItem(INVITE_HANDOFF_KEY, JSON.stringify(handoff));
}

/** The kept hand-off, or null when there is none or it is not one (anything else is dropped). */
export function readInviteHandoff(store: Store | null = sessionStore()): InviteHandoff | null {
  const raw = store?.getItem(INVITE_HANDOFF_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<InviteHandoff>;
    if (
      typeof value.token === 'string' &&
      typeof value.invitationId === 'string' &&
      typeof value.email === 'string' &&
      (value.intent === 'accept' || value.intent === 'review')
    ) {
      return {
        token: value.token,
        invitationId: value.invitationId,
        email: value.email,
        intent: value.intent,
      };
    }
  } catch {
    // Not JSON: dropped below.
  }
  store?.removeItem(INVITE_HANDOFF_KEY);
  return null;
}

export function clearInviteHandoff(store: Store | null = sessionStore()): void {
  store?.removeItem(INVITE_HANDOFF_KEY);
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Where a signed-in person with a kept hand-off should be taken: the invite page, once they are signed in
 * with the invited address and are not on a page that must finish first; null otherwise. Someone signed
 * in with another address keeps the hand-off (they may still sign in with the invited one).
 */
export function inviteReturnPath(
  handoff: InviteHandoff | null,
  signedInEmail: string | null,
  pathname: string,
): string | null {
  if (!handoff || !signedInEmail || !sameEmail(handoff.email, signedInEmail)) return null;
  if (STAY_ON.includes(pathname)) return null;
  return `/invite?token=${encodeURIComponent(handoff.token)}`;
}

/** The invite page accepts by itself only for the kept token, an 'accept' intent and the invited address. */
export function shouldAcceptOnArrival(
  handoff: InviteHandoff | null,
  token: string,
  signedInEmail: string | null,
): boolean {
  return (
    handoff !== null &&
    handoff.intent === 'accept' &&
    handoff.token === token &&
    signedInEmail !== null &&
    sameEmail(handoff.email, signedInEmail)
  );
}
