import {
  type AnswerInvitationBody,
  type CreateInvitationBody,
  invitationListSchema,
  invitationSchema,
  publicInvitationSchema,
  relationshipListSchema,
  relationshipSchema,
  respondReplySchema,
} from '@sam/core';
import { http } from '../../app/http.ts';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';

const BASE = '/api/sponsorship';

/** The sponsorship service. The only place that builds its URLs. */
export const sponsorshipApi = {
  invitations: () => http.get(`${BASE}/invitations`, invitationListSchema),
  relationships: () => http.get(`${BASE}/relationships?status=active`, relationshipListSchema),
  endedRelationships: () => http.get(`${BASE}/relationships?status=ended`, relationshipListSchema),
  invite: (body: CreateInvitationBody) => http.post(`${BASE}/invitations`, invitationSchema, body),
  cancel: (id: string) => http.put(`${BASE}/invitations/${id}/cancel`, invitationSchema),
  resend: (id: string) => http.put(`${BASE}/invitations/${id}/resend`, invitationSchema),
  endRelationship: (id: string, reason: string) =>
    http.put(`${BASE}/relationships/${id}/end`, relationshipSchema, { reason }),
  /** The invite page's read: the token alone, no account needed. */
  byToken: (token: string) =>
    http.get(`${BASE}/invitations/token/${encodeURIComponent(token)}`, publicInvitationSchema),
  linkUser: (invitationId: string) =>
    http.put(`${BASE}/invitations/${invitationId}/link-user`, invitationSchema, {}),
  respond: (invitationId: string, token: string, accept: boolean) =>
    http.post(`${BASE}/invitations/respond`, respondReplySchema, { invitationId, token, accept }),
  /** The signed-in invitee answers in the app, without the mailed link. */
  answer: (invitationId: string, body: AnswerInvitationBody) =>
    http.put(`${BASE}/invitations/${invitationId}/answer`, respondReplySchema, body),
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

/** Ended relationships, for the note of when and by whom each ended. */
export function useEndedRelationships(enabled: boolean) {
  return useServerQuery({
    queryKey: [...sponsorshipKey, 'relationships', 'ended'],
    queryFn: sponsorshipApi.endedRelationships,
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
export const useAnswerInvitation = () =>
  useSponsorshipMutation(({ id, ...body }: { id: string } & AnswerInvitationBody) =>
    sponsorshipApi.answer(id, body),
  );
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
