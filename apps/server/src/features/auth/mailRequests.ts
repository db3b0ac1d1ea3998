import { randomUUID } from 'node:crypto';
import type { CodePurpose } from '../../db/authCodes.ts';
import type { Db } from '../../db/index.ts';
import type { OutboxRow } from '../../db/mailOutbox.ts';
import { findUserByEmail, insertUser, type UserRow, updateUser } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { alreadyRegisteredMail, confirmationMail, resetMail } from '../../mail/messages.ts';
import type { ResolvedMail } from '../../mail/outbox.ts';
import { issueCode } from './codes.ts';
import { newAccountKdf } from './newAccountKdf.ts';

/** What a sign-up request row carries to the worker: never the auth value, only its Argon2id hash. */
export type SignupPayload = { name: string; passwordHash: string };

/**
 * The account side of sign-up, resend and forgot-password, done by the mail worker rather than the request:
 * the request only queues a row, so its answer takes the same path and time whether or not the address has
 * an account, and a mail server that is down cannot fail it.
 */
export function registerMailRequests(deps: AppDeps): void {
  const { outbox, secret } = deps;

  async function codeMail(trx: Db, user: UserRow, purpose: CodePurpose): Promise<ResolvedMail> {
    const { code, expiresAt } = await issueCode(trx, deps, user.id, purpose);
    const mail = purpose === 'confirm' ? confirmationMail(user.email, code) : resetMail(user.email, code);
    return { ...mail, expiresAt };
  }

  outbox.handle('signup', async (row: OutboxRow, trx: Db) => {
    const { name, passwordHash } = JSON.parse(row.payload ?? '{}') as SignupPayload;
    const existing = await findUserByEmail(trx, row.recipient);
    if (existing?.email_verified) return alreadyRegisteredMail(existing.email);
    const now = deps.now();
    const kdf = newAccountKdf(secret, row.recipient);
    const account = { name, password_hash: passwordHash, kdf_salt: kdf.salt, kdf_iterations: kdf.iterations };
    if (existing) {
      await updateUser(trx, existing.id, { ...account, updated_at: now });
      return codeMail(trx, { ...existing, ...account }, 'confirm');
    }
    const user: UserRow = {
      id: randomUUID(),
      email: row.recipient,
      role: 'user',
      ...account,
      email_verified: 0,
      status: 'active',
      created_at: now,
      updated_at: now,
      last_login_at: null,
      deactivated_at: null,
      deactivation_reason: null,
      content_binding: 2,
      v1_binding: null,
      email_notes: 1,
      notice_mailed_at: null,
    };
    await insertUser(trx, user);
    return codeMail(trx, user, 'confirm');
  });

  outbox.handle('confirm-code', async (row, trx) => {
    const user = await findUserByEmail(trx, row.recipient);
    return user && !user.email_verified ? codeMail(trx, user, 'confirm') : null;
  });

  outbox.handle('reset-code', async (row, trx) => {
    const user = await findUserByEmail(trx, row.recipient);
    return user ? codeMail(trx, user, 'reset') : null;
  });
}
