import { randomUUID } from 'node:crypto';
import {
  type ChangePasswordBody,
  CONFIRMATION_CODE_TTL_MINUTES,
  KDF_ITERATIONS,
  KDF_NAME,
  type KdfParams,
  type PreloginReply,
  type ResetPasswordBody,
  type SessionReply,
  type SessionUser,
  type SignupBody,
} from '@sam/core';
import { type CodePurpose, consumeCode, countWrongTry, findCode, replaceCode } from '../../db/authCodes.ts';
import {
  insertSession,
  revokeSession,
  revokeUserSessions,
  revokeUserSessionsExcept,
} from '../../db/sessions.ts';
import { changePasswordAndRewrap, findActiveKey } from '../../db/userKeys.ts';
import { findUserByEmail, insertUser, type UserRow, updateUser } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, gone, notFound, unauthorized } from '../../http/errors.ts';
import { HOUR, MINUTE } from '../../http/rateLimit.ts';
import { alreadyRegisteredMail, confirmationMail, resetMail } from '../../mail/messages.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { decoySalt, hashCode, hashToken, newCode, newSessionToken, sameHash } from './secrets.ts';

export const AUTH_REPLIES = {
  signup:
    'Thank you. If this e-mail can be used for a new account, a 6-digit confirmation code is on its way. It expires in 10 minutes.',
  resend: 'If an account is waiting for confirmation, a new code is on its way.',
  forgot: 'If an account exists for this e-mail, a reset code is on its way. It expires in 10 minutes.',
  confirmed: 'Your e-mail is confirmed. Welcome to SAM.',
  signedIn: 'Signed in.',
  reset: 'Your password has been reset. You can sign in now.',
  loggedOut: 'You have been signed out.',
  invalidCode: 'That code is not right. Check the latest e-mail or ask for a new code.',
  expiredCode: 'This code has expired. Please ask for a new one.',
  wrongCredentials: 'Incorrect e-mail or password.',
  notConfirmed: 'Please confirm your e-mail first. Enter the 6-digit code we sent you.',
  inactive: 'This account is not active. Please contact the SAM team.',
  passwordChanged: 'Your password has been changed.',
} as const;

const WINDOW_15_MIN = 15 * MINUTE;

export type AuthRoute = 'prelogin' | 'signup' | 'confirm' | 'resend' | 'login' | 'forgot' | 'reset';

export function toSessionUser(user: UserRow): SessionUser {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    isAdmin: user.role === 'admin',
    sub: user.email,
  };
}

export function createAuthService(deps: AppDeps) {
  const { db, limiter, config, mailer, secret } = deps;
  const limits = config.rateLimits;

  const limitAddress = (route: AuthRoute, ip: string) =>
    limiter.hit(`ip:${route}:${ip}`, limits.authPerIp, WINDOW_15_MIN);
  const limitSends = (purpose: CodePurpose, email: string) =>
    limiter.hit(`send:${purpose}:${email}`, limits.codeSendsPerHour, HOUR);

  async function issueCode(user: UserRow, purpose: CodePurpose): Promise<void> {
    const code = newCode();
    const now = deps.now();
    await replaceCode(db, {
      user_id: user.id,
      purpose,
      code_hash: hashCode(secret, user.id, code),
      created_at: now,
      expires_at: now + CONFIRMATION_CODE_TTL_MINUTES * MINUTE,
    });
    const mail =
      purpose === 'confirm'
        ? confirmationMail(user.email, user.name, code)
        : resetMail(user.email, user.name, code);
    await mailer.send(mail);
  }

  /** Checks and uses a code; a wrong one counts towards burning it. */
  async function useCode(email: string, purpose: CodePurpose, code: string): Promise<UserRow> {
    const user = await findUserByEmail(db, email);
    const row = user && (await findCode(db, user.id, purpose));
    if (!user || !row || row.used_at !== null || row.wrong_tries >= limits.codeWrongTries) {
      throw badRequest(AUTH_REPLIES.invalidCode, 'invalid_code');
    }
    if (!sameHash(row.code_hash, hashCode(secret, user.id, code))) {
      await countWrongTry(db, user.id, purpose);
      throw badRequest(AUTH_REPLIES.invalidCode, 'invalid_code');
    }
    if (row.expires_at <= deps.now()) throw gone(AUTH_REPLIES.expiredCode, 'code_expired');
    if (!(await consumeCode(db, user.id, purpose, deps.now()))) {
      throw badRequest(AUTH_REPLIES.invalidCode, 'invalid_code');
    }
    return user;
  }

  async function startSession(user: UserRow, message: string): Promise<SessionReply> {
    const token = newSessionToken();
    const now = deps.now();
    await insertSession(db, {
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: now,
      expires_at: now + config.sessionTtlDays * 24 * HOUR,
    });
    await updateUser(db, user.id, { last_login_at: now });
    return { message, token, user: toSessionUser(user) };
  }

  function kdfColumns(kdf: KdfParams) {
    return { kdf_salt: kdf.salt, kdf_iterations: kdf.iterations };
  }

  return {
    async prelogin(email: string, ip: string): Promise<PreloginReply> {
      await limitAddress('prelogin', ip);
      const user = await findUserByEmail(db, email);
      return user
        ? { kdf: KDF_NAME, iterations: user.kdf_iterations, salt: user.kdf_salt }
        : { kdf: KDF_NAME, iterations: KDF_ITERATIONS, salt: decoySalt(secret, email) };
    },

    /** The same reply whether or not the e-mail has an account; the mail tells the owner what happened. */
    async signup(body: SignupBody, ip: string): Promise<string> {
      await limitAddress('signup', ip);
      await limitSends('confirm', body.email);
      const passwordHash = await hashPassword(body.password);
      const existing = await findUserByEmail(db, body.email);
      const now = deps.now();
      if (existing?.email_verified) {
        await mailer.send(alreadyRegisteredMail(existing.email, existing.name));
        return AUTH_REPLIES.signup;
      }
      let user: UserRow;
      if (existing) {
        const changes = {
          name: body.name,
          password_hash: passwordHash,
          ...kdfColumns(body.kdf),
          updated_at: now,
        };
        await updateUser(db, existing.id, changes);
        user = { ...existing, ...changes };
      } else {
        user = {
          id: randomUUID(),
          email: body.email,
          name: body.name,
          role: 'user',
          password_hash: passwordHash,
          ...kdfColumns(body.kdf),
          email_verified: 0,
          status: 'active',
          created_at: now,
          updated_at: now,
          last_login_at: null,
          deactivated_at: null,
          deactivation_reason: null,
        };
        try {
          await insertUser(db, user);
        } catch {
          // Another request created the same e-mail a moment ago; answer the same way.
          return AUTH_REPLIES.signup;
        }
      }
      await issueCode(user, 'confirm');
      return AUTH_REPLIES.signup;
    },

    async confirm(email: string, code: string, ip: string): Promise<SessionReply> {
      await limitAddress('confirm', ip);
      const user = await useCode(email, 'confirm', code);
      if (!user.email_verified) await updateUser(db, user.id, { email_verified: 1, updated_at: deps.now() });
      return startSession(user, AUTH_REPLIES.confirmed);
    },

    async resendConfirmation(email: string, ip: string): Promise<string> {
      await limitAddress('resend', ip);
      await limitSends('confirm', email);
      const user = await findUserByEmail(db, email);
      if (user && !user.email_verified) await issueCode(user, 'confirm');
      return AUTH_REPLIES.resend;
    },

    async login(email: string, authValue: string, ip: string): Promise<SessionReply> {
      await limitAddress('login', ip);
      const failureBuckets = [`login-fail:account:${email}`, `login-fail:ip:${ip}`];
      await limiter.check(failureBuckets[0] as string, limits.loginFailuresPerAccount, WINDOW_15_MIN);
      await limiter.check(failureBuckets[1] as string, limits.loginFailuresPerAccount * 5, WINDOW_15_MIN);
      const user = await findUserByEmail(db, email);
      const valid = user
        ? await verifyPassword(user.password_hash, authValue)
        : await verifyAgainstDecoy(authValue);
      if (!user || !valid) {
        for (const bucket of failureBuckets) await limiter.record(bucket, WINDOW_15_MIN);
        throw unauthorized(AUTH_REPLIES.wrongCredentials, 'invalid_credentials');
      }
      if (user.status === 'inactive') throw forbidden(AUTH_REPLIES.inactive, 'account_inactive');
      if (!user.email_verified) throw forbidden(AUTH_REPLIES.notConfirmed, 'email_not_confirmed');
      return startSession(user, AUTH_REPLIES.signedIn);
    },

    async forgotPassword(email: string, ip: string): Promise<string> {
      await limitAddress('forgot', ip);
      await limitSends('reset', email);
      const user = await findUserByEmail(db, email);
      if (user) await issueCode(user, 'reset');
      return AUTH_REPLIES.forgot;
    },

    /** Restores the login and ends every session; the data key stays wrapped under the old password. */
    async resetPassword(body: ResetPasswordBody, ip: string): Promise<string> {
      await limitAddress('reset', ip);
      const user = await useCode(body.email, 'reset', body.code);
      const now = deps.now();
      await updateUser(db, user.id, {
        password_hash: await hashPassword(body.new_password),
        ...(body.kdf ? kdfColumns(body.kdf) : {}),
        email_verified: 1,
        updated_at: now,
      });
      await revokeUserSessions(db, user.id, now);
      return AUTH_REPLIES.reset;
    },

    async logout(tokenHash: string): Promise<void> {
      await revokeSession(db, tokenHash, deps.now());
    },

    /**
     * Signed-in password change (DESIGN.md §5): checks the current value, then stores the new login hash,
     * the new kdf and the re-wrapped data key in one transaction, and ends the other sessions.
     */
    async changePassword(
      session: { user: UserRow; tokenHash: string },
      body: ChangePasswordBody,
    ): Promise<string> {
      const { user } = session;
      if (!(await verifyPassword(user.password_hash, body.password))) {
        throw unauthorized('Your current password is not right.', 'invalid_credentials');
      }
      const key = await findActiveKey(db, user.id);
      if (!key) throw notFound('No encryption key found');
      const now = deps.now();
      await changePasswordAndRewrap(db, {
        userId: user.id,
        passwordHash: await hashPassword(body.new_password),
        kdf: body.kdf,
        keyId: key.id,
        encryptedKey: body.encryptedKey,
        now,
      });
      await revokeUserSessionsExcept(db, user.id, session.tokenHash, now);
      return AUTH_REPLIES.passwordChanged;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
