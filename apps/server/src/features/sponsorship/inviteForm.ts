// What the invite form asks before anything is sent: problems, duplicates, history, address suggestions.
import {
  createInvitationBodySchema,
  type Invitation,
  type SponsorshipRole,
  type ValidateInvitationBody,
  type ValidateInvitationReply,
} from '@sam/core';
import { findActiveDuplicate, listInvitedEmails, listSentTo } from '../../db/invitations.ts';
import { findActiveBetween } from '../../db/relationships.ts';
import { findUserByEmail, type UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { assertCaller } from './access.ts';
import { createRuleProblem } from './limits.ts';
import { toInvitation } from './replies.ts';

/** The problems found for an invitation pointing at the invitee's address, rather than at the form. */
const INVITEE_PROBLEMS = ['self_invitation', 'duplicate_invitation', 'relationship_exists'];

/** Every problem of an invitation body, without creating it. */
export async function validateInvitation(
  deps: AppDeps,
  user: UserRow,
  body: ValidateInvitationBody,
): Promise<ValidateInvitationReply> {
  const parsed = createInvitationBodySchema.safeParse(body);
  if (!parsed.success) {
    return {
      valid: false,
      errors: parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        code: 'invalid_field',
        detail: issue.message,
      })),
    };
  }
  const problem = await createRuleProblem(deps.db, user, parsed.data, deps.now());
  if (!problem) return { valid: true, errors: [] };
  const field = INVITEE_PROBLEMS.includes(problem.code) ? 'inviteeEmail' : '';
  return { valid: false, errors: [{ field, code: problem.code, detail: problem.message }] };
}

export async function checkDuplicates(
  deps: AppDeps,
  user: UserRow,
  body: { inviterUserId?: string; inviteeEmail: string; program: string; role?: SponsorshipRole },
) {
  assertCaller(user, body.inviterUserId);
  const key = {
    inviterUserId: user.id,
    inviteeEmail: body.inviteeEmail,
    program: body.program,
    role: body.role,
  };
  const duplicate = await findActiveDuplicate(deps.db, key, deps.now());
  const invitee = await findUserByEmail(deps.db, body.inviteeEmail);
  const related = invitee ? await findActiveBetween(deps.db, user.id, invitee.id, body.program) : undefined;
  return {
    hasDuplicate: duplicate !== undefined,
    invitationId: duplicate?.id ?? null,
    hasActiveRelationship: related !== undefined,
  };
}

/** The invitations the caller sent to one address, optionally in one program. */
export async function invitationHistory(
  deps: AppDeps,
  user: UserRow,
  body: { inviterUserId?: string; inviteeEmail: string; program?: string },
): Promise<Invitation[]> {
  assertCaller(user, body.inviterUserId);
  return (await listSentTo(deps.db, user.id, body.inviteeEmail, body.program)).map((row) =>
    toInvitation(row, user, deps.now()),
  );
}

/** Addresses the caller invited before that start with what was typed; nothing about other accounts. */
export async function emailSuggestions(
  deps: AppDeps,
  user: UserRow,
  body: { inviterUserId?: string; partialEmail: string },
): Promise<string[]> {
  assertCaller(user, body.inviterUserId);
  const emails = await listInvitedEmails(deps.db, user.id);
  return emails.filter((email) => email.startsWith(body.partialEmail)).slice(0, 10);
}
