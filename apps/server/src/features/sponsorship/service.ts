// The sponsorship area as its routes use it: every action of the modules below, bound to the app's deps.
import type { AppDeps } from '../../deps.ts';
import { auditLog } from './auditLog.ts';
import {
  cancelInvitation,
  createInvitation,
  followEmailChange,
  getInvitation,
  linkInvitee,
  listInvitations,
  pendingInvitationsFor,
  reportInvitation,
  resendInvitation,
} from './invitations.ts';
import { checkDuplicates, emailSuggestions, invitationHistory, validateInvitation } from './inviteForm.ts';
import { invitationByToken, respondInApp, respondToInvitation } from './inviteLink.ts';
import { checkLimit, sponsorshipStats } from './limits.ts';
import { endRelationship, getRelationship, listRelationships, updateRelationship } from './relationships.ts';

export function createSponsorshipService(deps: AppDeps) {
  const bind =
    <A extends unknown[], R>(action: (deps: AppDeps, ...args: A) => R) =>
    (...args: A): R =>
      action(deps, ...args);

  return {
    create: bind(createInvitation),
    validate: bind(validateInvitation),
    get: bind(getInvitation),
    byToken: bind(invitationByToken),
    list: bind(listInvitations),
    pendingFor: bind(pendingInvitationsFor),
    cancel: bind(cancelInvitation),
    resend: bind(resendInvitation),
    linkUser: bind(linkInvitee),
    checkDuplicates: bind(checkDuplicates),
    history: bind(invitationHistory),
    suggestions: bind(emailSuggestions),
    report: bind(reportInvitation),
    respond: bind(respondToInvitation),
    answer: bind(respondInApp),
    getRelationship: bind(getRelationship),
    listRelationships: bind(listRelationships),
    updateRelationship: bind(updateRelationship),
    endRelationship: bind(endRelationship),
    emailChange: bind(followEmailChange),
    checkLimit: bind(checkLimit),
    auditLog: bind(auditLog),
    stats: bind(sponsorshipStats),
  };
}
