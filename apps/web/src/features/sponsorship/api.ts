import type {
  CreateInvitationBody,
  Invitation,
  PublicInvitation,
  Relationship,
  RespondReply,
} from '@sam/core';
import { http } from '../../app/http.ts';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';

const BASE = '/api/sponsorship';

/** The sponsorship service (spec part 2 §7 "Sponsorship"). The only place that builds its URLs. */
export const sponsorshipApi = {
  invitations: () => http.get<{ invitations: Invitation[] }>(`${BASE}/invitations`),
  relationships: () => http.get<{ relationships: Relationship[] }>(`${BASE}/relationships?status=active`),
  invite: (body: CreateInvitationBody) => http.post<Invitation>(`${BASE}/invitations`, body),
  cancel: (id: string) => http.put<Invitation>(`${BASE}/invitations/${id}/cancel`),
  resend: (id: string) => http.put<Invitation>(`${BASE}/invitations/${id}/resend`),
  endRelationship: (id: string, reason: string) =>
    http.put<Relationship>(`${BASE}/relationships/${id}/end`, { reason }),
  /** The invite page's read: the token alone, no account needed. */
  byToken: (token: string) =>
    http.get<PublicInvitation>(`${BASE}/invitations/token/${encodeURIComponent(token)}`),
  linkUser: (invitationId: string) =>
    http.put<Invitation>(`${BASE}/invitations/${invitationId}/link-user`, {}),
  respond: (invitationId: string, token: string, accept: boolean) =>
    http.post<RespondReply>(`${BASE}/invitations/respond`, { invitationId, token, accept }),
};

/** Everything sponsorship shows is under this key, so one invalidation refreshes the tab. */
export const sponsorshipKey = ['sponsorship'] as const;

export function useInvitations(enabled: boolean) {
  return useServerQuery({
    queryKey: [...sponsorshipKey, 'invitations'],
    queryFn: sponsorshipApi.invitations,
    select: (reply) => reply.invitations,
    enabled,
    refetchOnWindowFocus: true,
  });
}

export function useRelationships(enabled: boolean) {
  return useServerQuery({
    queryKey: [...sponsorshipKey, 'relationships'],
    queryFn: sponsorshipApi.relationships,
    select: (reply) => reply.relationships,
    enabled,
    refetchOnWindowFocus: true,
  });
}

/** A sponsorship change; afterwards the lists are read again. */
function useSponsorshipMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useServerQueryClient();
  return useServerMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipKey }),
  });
}

export const useInvite = () => useSponsorshipMutation(sponsorshipApi.invite);
export const useCancelInvitation = () => useSponsorshipMutation(sponsorshipApi.cancel);
export const useResendInvitation = () => useSponsorshipMutation(sponsorshipApi.resend);
export const useEndRelationship = () =>
  useSponsorshipMutation(({ id, reason }: { id: string; reason: string }) =>
    sponsorshipApi.endRelationship(id, reason),
  );

export function useInvitationByToken(token: string) {
  return useServerQuery({
    // Outside sponsorshipKey: answering must not re-read it (the used token is refused then).
    queryKey: ['invitation-by-token', token],
    queryFn: () => sponsorshipApi.byToken(token),
    enabled: token !== '',
    retry: false,
  });
}

/** Accepting links the invitation to the signed-in account first, then answers it. */
export const useRespond = () =>
  useSponsorshipMutation(
    async ({ invitationId, token, accept }: { invitationId: string; token: string; accept: boolean }) => {
      if (accept) await sponsorshipApi.linkUser(invitationId);
      return sponsorshipApi.respond(invitationId, token, accept);
    },
  );
