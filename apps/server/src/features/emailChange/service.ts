import type { SessionUser } from '@sam/core';
import { consumeCode } from '../../db/authCodes.ts';
import { moveLinkedInvitations, updateInviterEmail } from '../../db/invitations.ts';
import { enqueueMail } from '../../db/mailOutbox.ts';
import { insertSponsorshipAudit } from '../../db/sponsorshipAudit.ts';
import { changeEmail, findUserByEmail, findUserById, lockUsers, type UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { HOUR } from '../../http/rateLimit.ts';
import { isUniqueViolation } from '../../http/uniqueViolation.ts';
import { emailChangedMail, emailChangeMail, emailTakenMail } from '../../mail/messages.ts';
import { checkCode, issueCode, restartCodeTries } from '../auth/codes.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';
import { AUTH_REPLIES, toSessionUser } from '../auth/service.ts';

export const EMAIL_CHANGE_MESSAGES = {
  same: 'That is already your e-mail address.',
  sent: (email: string) =>
    `We sent a 6-digit code to ${email}. Enter it here to finish the change. If it does not arrive, check the address and your spam folder.`,
  taken: 'That address now belongs to another SAM account, so your address was not changed.',
  changed: (email: string) => `Your e-mail address is now ${email}. Use it the next time you sign in.`,
} as const;

type Payload = { userId: string };

/**
 * Profile → Change e-mail. The request is answered the same whether or not the new address has an account
 * (the mail worker decides what to send), the change itself keeps every session, and the sponsorship
 * invitations follow the new address in the same transaction.
 */
export function createEmailChangeService(deps: AppDeps) {
  const { db, limiter, outbox } = deps;
  const limits = deps.config.rateLimits;

  outbox.handle('email-change', async (row, trx) => {
    const { userId } = JSON.parse(row.payload ?? '{}') as Payload;
    const user = userId ? await findUserById(trx, userId) : undefined;
    if (!user || user.email === row.recipient) return null;
    if (await findUserByEmail(trx, row.recipient)) return emailTakenMail(row.recipient);
    const { code, expiresAt } = await issueCode(trx, deps, user.id, 'email-change', row.recipient);
    return { ...emailChangeMail(row.recipient, code), expiresAt };
  });

  return {
    async start(user: UserRow, newEmail: string, authValue: string): Promise<string> {
      if (newEmail === user.email) throw badRequest(EMAIL_CHANGE_MESSAGES.same, 'same_email');
      await reauthenticate(deps, user, authValue);
      await limiter.hit(`send:email-change:${user.id}`, limits.codeSendsPerHour, HOUR);
      await restartCodeTries(deps, 'email-change', user.id);
      const payload: Payload = { userId: user.id };
      await enqueueMail(
        db,
        { kind: 'email-change', recipient: newEmail, payload: JSON.stringify(payload) },
        deps.now(),
      );
      outbox.kick();
      return EMAIL_CHANGE_MESSAGES.sent(newEmail);
    },

    async confirm(
      user: UserRow,
      newEmail: string,
      code: string,
    ): Promise<{ message: string; user: SessionUser }> {
      await checkCode(deps, {
        purpose: 'email-change',
        subject: user.id,
        userId: user.id,
        code,
        boundTo: newEmail,
      });
      const now = deps.now();
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await consumeCode(trx, user.id, 'email-change', now))) {
            throw badRequest(AUTH_REPLIES.invalidCode, 'invalid_code');
          }
          await lockUsers(trx, deps.dialect, [user.id]);
          await changeEmail(trx, user.id, newEmail, now);
          const movedInvitations = await moveLinkedInvitations(trx, user.id, user.email, newEmail, now);
          const updatedSent = await updateInviterEmail(trx, user.id, newEmail, now);
          await insertSponsorshipAudit(trx, {
            user_id: user.id,
            action: 'email.changed',
            details: JSON.stringify({ movedInvitations, updatedSent }),
            client_timestamp: null,
            created_at: now,
          });
          const notice = emailChangedMail(user.email, newEmail);
          await enqueueMail(
            trx,
            { kind: 'message', recipient: notice.to, subject: notice.subject, body: notice.text },
            now,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email_taken');
        throw error;
      }
      outbox.kick();
      return {
        message: EMAIL_CHANGE_MESSAGES.changed(newEmail),
        user: toSessionUser({ ...user, email: newEmail, updated_at: now }),
      };
    },
  };
}
