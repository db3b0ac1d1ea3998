import {
  type ChangePasswordBody,
  KDF_NAME,
  type KdfParams,
  type PreloginReply,
  type ResetPasswordBody,
  type SessionReply,
  type SessionUser,
  type SignupBody,
} from '@sam/core';
import { type CodePurpose, consumeCode } from '../../db/authCodes.ts';
import { enqueueMail } from '../../db/mailOutbox.ts';
import {
  insertSession,
  revokeSession,
  revokeUserSessions,
  revokeUserSessionsExcept,
} from '../../db/sessions.ts';
import { changePasswordAndRewrap, findActiveKey } from '../../db/userKeys.ts';
import { findUserByEmail, type UserRow, updateUser } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { HOUR, MINUTE } from '../../http/rateLimit.ts';
import { deviceSummary } from '../sessions/deviceSummary.ts';
import { checkCode, restartCodeTries } from './codes.ts';
import { registerMailRequests, type SignupPayload } from './mailRequests.ts';
import { newAccountKdf, newAccountPrelogin } from './newAccountKdf.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { reauthenticate } from './reauthenticate.ts';
import { hashToken, newPublicId, newSessionToken } from './secrets.ts';

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
  usedUpCode: 'This code was tried too many times, so it no longer works. Please send yourself a new code.',
  wrongCredentials:
    'The e-mail and password do not match. If you have just signed up, enter the 6-digit code we sent you first.',
  inactive: 'This account is not active. Please contact the SAM team.',
  passwordChanged: 'Your password has been changed.',
  staleKdf: 'This page is out of date. Please reload it and sign up again.',
} as const;

/** A locked-out person is told for how long, and that a new password is another way in. */
export function lockedOutDetail(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or use "Forgot password?" to choose a new password.`;
}

const lockedOut = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_attempts', lockedOutDetail(retryAfterSeconds), retryAfterSeconds);

const WINDOW_15_MIN = 15 * MINUTE;

/** Who is asking: the address limits count by, and the browser a new session is named after. */
export type Client = { ip: string; userAgent: string | undefined };

export type AuthRoute = 'prelogin' | 'signup' | 'confirm' | 'resend' | 'login' | 'forgot' | 'reset';

export function toSessionUser(user: UserRow): SessionUser {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    isAdmin: user.role === 'admin',
    sub: user.email,
    id: user.id,
    contentBinding: user.content_binding,
    v1Binding: user.v1_binding,
  };
}

export function createAuthService(deps: AppDeps) {
  const { db, limiter, config, outbox, secret } = deps;
  registerMailRequests(deps);
  const limits = config.rateLimits;

  const limitAddress = (route: AuthRoute, ip: string) =>
    limiter.hit(`ip:${route}:${ip}`, limits.authPerIp, WINDOW_15_MIN);
  const limitSends = (purpose: CodePurpose, email: string) =>
    limiter.hit(`send:${purpose}:${email}`, limits.codeSendsPerHour, HOUR);

  /** Reserves one attempt in each bucket, or none if any is full; returns what takes them all back. */
  async function reserveAll(buckets: Array<[string, number]>): Promise<() => Promise<void>> {
    const taken: Array<() => Promise<void>> = [];
    const takeBack = async () => {
      for (const release of taken.splice(0)) await release();
    };
    try {
      for (const [bucket, limit] of buckets) {
        taken.push(await limiter.reserve(bucket, limit, WINDOW_15_MIN, lockedOut));
      }
    } catch (error) {
      await takeBack();
      throw error;
    }
    return takeBack;
  }

  async function queue(kind: 'signup' | 'confirm-code' | 'reset-code', email: string, payload?: string) {
    await enqueueMail(db, { kind, recipient: email, payload: payload ?? null }, deps.now());
    outbox.kick();
  }

  /**
   * Checks and uses a code. Each try is counted before the code is compared, in the same statement that
   * checks the count, so however many guesses arrive at once no more than the limit are ever compared.
   */
  async function useCode(email: string, purpose: CodePurpose, code: string): Promise<UserRow> {
    const user = await findUserByEmail(db, email);
    await checkCode(deps, { purpose, subject: email, userId: user?.id, code });
    if (!user || !(await consumeCode(db, user.id, purpose, deps.now()))) {
      throw badRequest(AUTH_REPLIES.invalidCode, 'invalid_code');
    }
    return user;
  }

  async function startSession(
    user: UserRow,
    message: string,
    userAgent: string | undefined,
  ): Promise<SessionReply> {
    const token = newSessionToken();
    const now = deps.now();
    await insertSession(db, {
      token_hash: hashToken(token),
      public_id: newPublicId(),
      device: deviceSummary(userAgent),
      user_id: user.id,
      created_at: now,
      expires_at: now + config.sessionTtlDays * 24 * HOUR,
    });
    await updateUser(db, user.id, { last_login_at: now });
    return { message, token, user: toSessionUser(user) };
  }

  /**
   * Whether a sign-up carries parameters prelogin gives this address: those of a new account, or a
   * confirmed account's own (after a password change or reset). Anyone can read either from prelogin, so
   * accepting both makes the answer the same for every address, member or not (decision 44); a member's
   * sign-up never touches the account, the mail worker only tells the owner someone tried.
   */
  async function isPreloginKdf(email: string, kdf: KdfParams): Promise<boolean> {
    const same = (salt: string, iterations: number) => kdf.salt === salt && kdf.iterations === iterations;
    const fresh = newAccountKdf(secret, email);
    // Looked up whatever the salt, so every sign-up takes the same path.
    const user = await findUserByEmail(db, email);
    const own = Boolean(user?.email_verified && same(user.kdf_salt, user.kdf_iterations));
    return own || same(fresh.salt, fresh.iterations);
  }

  function kdfColumns(kdf: KdfParams) {
    return { kdf_salt: kdf.salt, kdf_iterations: kdf.iterations };
  }

  return {
    /** An account's own parameters only once its address is confirmed; until then those of a new account. */
    async prelogin(email: string, ip: string): Promise<PreloginReply> {
      await limitAddress('prelogin', ip);
      const user = await findUserByEmail(db, email);
      return user?.email_verified
        ? { kdf: KDF_NAME, iterations: user.kdf_iterations, salt: user.kdf_salt }
        : newAccountPrelogin(secret, email);
    },

    /**
     * Queues the request and answers the same whether or not the e-mail has an account; the worker creates
     * or updates the account and mails the owner what happened (mailRequests.ts).
     */
    async signup(body: SignupBody, ip: string): Promise<string> {
      await limitAddress('signup', ip);
      await limitSends('confirm', body.email);
      if (!(await isPreloginKdf(body.email, body.kdf))) throw badRequest(AUTH_REPLIES.staleKdf, 'stale_kdf');
      const payload: SignupPayload = { name: body.name, passwordHash: await hashPassword(body.password) };
      await restartCodeTries(deps, 'confirm', body.email);
      await queue('signup', body.email, JSON.stringify(payload));
      return AUTH_REPLIES.signup;
    },

    async confirm(email: string, code: string, { ip, userAgent }: Client): Promise<SessionReply> {
      await limitAddress('confirm', ip);
      const user = await useCode(email, 'confirm', code);
      if (!user.email_verified) await updateUser(db, user.id, { email_verified: 1, updated_at: deps.now() });
      return startSession(user, AUTH_REPLIES.confirmed, userAgent);
    },

    async resendConfirmation(email: string, ip: string): Promise<string> {
      await limitAddress('resend', ip);
      await limitSends('confirm', email);
      await restartCodeTries(deps, 'confirm', email);
      await queue('confirm-code', email);
      return AUTH_REPLIES.resend;
    },

    async login(email: string, authValue: string, { ip, userAgent }: Client): Promise<SessionReply> {
      await limitAddress('login', ip);
      // Every attempt counts as a failure until the password is found right, so parallel guesses stop at
      // the limit instead of all being checked.
      const takeBack = await reserveAll([
        [`login-fail:account:${email}`, limits.loginFailuresPerAccount],
        [`login-fail:ip:${ip}`, limits.loginFailuresPerAccount * 5],
      ]);
      const user = await findUserByEmail(db, email);
      const valid = user
        ? await verifyPassword(user.password_hash, authValue)
        : await verifyAgainstDecoy(authValue);
      // An account whose address is not confirmed yet answers exactly like a wrong password, and counts as
      // one: anyone can sign an address up with a password of their own, so any other answer would tell
      // whether the address already belongs to a member (decision 44). The code is the way in.
      if (!user || !valid || !user.email_verified) {
        throw unauthorized(AUTH_REPLIES.wrongCredentials, 'invalid_credentials');
      }
      await takeBack();
      if (user.status === 'inactive') throw forbidden(AUTH_REPLIES.inactive, 'account_inactive');
      return startSession(user, AUTH_REPLIES.signedIn, userAgent);
    },

    async forgotPassword(email: string, ip: string): Promise<string> {
      await limitAddress('forgot', ip);
      await limitSends('reset', email);
      await restartCodeTries(deps, 'reset', email);
      await queue('reset-code', email);
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
     * Signed-in password change: checks the current value, then stores the new login hash,
     * the new kdf and the re-wrapped data key in one transaction, and ends the other sessions.
     */
    async changePassword(
      session: { user: UserRow; tokenHash: string },
      body: ChangePasswordBody,
    ): Promise<string> {
      const { user } = session;
      await reauthenticate(deps, user, body.password);
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
