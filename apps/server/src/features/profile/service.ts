import type { ProfileBody, ProfileReply } from '@sam/core';
import { eraseAccount } from '../../db/accountErasure.ts';
import { isDateDisplayOptedOut, setDateDisplayOptedOut } from '../../db/preferences.ts';
import { findProfile, insertProfile, type ProfileRow, updateProfile } from '../../db/profiles.ts';
import { type UserRow, updateUser } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';

export const PROFILE_MESSAGES = {
  none: 'No profile yet',
  exists: 'A profile already exists; update it instead.',
  emailMismatch: 'The e-mail you typed does not match this account.',
  deleted: 'Your account and everything in it have been deleted.',
} as const;

export function createProfileService(deps: AppDeps) {
  const { db } = deps;

  async function reply(user: UserRow, row: ProfileRow): Promise<ProfileReply> {
    return {
      email: user.email,
      display_name: row.display_name,
      details: row.details,
      readable_details:
        row.bio || row.location || row.phone
          ? { bio: row.bio, location: row.location, phone: row.phone }
          : null,
      member_since: new Date(user.created_at).toISOString(),
      last_login: user.last_login_at === null ? null : new Date(user.last_login_at).toISOString(),
      date_display_opted_out: await isDateDisplayOptedOut(db, user.id),
    };
  }

  async function applyDatePreference(user: UserRow, body: ProfileBody): Promise<void> {
    if (body.date_display_opted_out !== undefined) {
      await setDateDisplayOptedOut(db, user.id, body.date_display_opted_out, deps.now());
    }
  }

  return {
    /** null until the profile is made (the browser makes it on first look): not an error. */
    async get(user: UserRow): Promise<ProfileReply | null> {
      const row = await findProfile(db, user.id);
      return row ? reply(user, row) : null;
    },

    async create(user: UserRow, body: ProfileBody): Promise<ProfileReply> {
      if (await findProfile(db, user.id)) throw conflict(PROFILE_MESSAGES.exists, 'exists');
      const now = deps.now();
      const row: ProfileRow = {
        user_id: user.id,
        display_name: body.display_name ?? user.name,
        bio: '',
        location: '',
        phone: '',
        details: body.details ?? null,
        created_at: now,
        updated_at: now,
      };
      await insertProfile(db, row);
      await applyDatePreference(user, body);
      return reply(user, row);
    },

    async update(user: UserRow, body: ProfileBody): Promise<ProfileReply> {
      const existing = await findProfile(db, user.id);
      if (!existing) throw notFound(PROFILE_MESSAGES.none);
      const { display_name, details } = body;
      // Encrypted details replace whatever readable ones were saved before they were encrypted.
      const changes = {
        ...(display_name === undefined ? {} : { display_name }),
        ...(details === undefined ? {} : { details, bio: '', location: '', phone: '' }),
        updated_at: deps.now(),
      };
      await updateProfile(db, user.id, changes);
      if (display_name) await updateUser(db, user.id, { name: display_name, updated_at: deps.now() });
      await applyDatePreference(user, body);
      return reply({ ...user, name: display_name || user.name }, { ...existing, ...changes });
    },

    async recordLogin(user: UserRow): Promise<void> {
      await updateUser(db, user.id, { last_login_at: deps.now() });
    },

    /**
     * Removes the user and every row that belongs to them or names them (feedback, invitations addressed
     * to them, throttle windows; other people's audit entries lose the id and e-mail), all at once; the
     * typed e-mail must match.
     */
    async deleteAccount(user: UserRow, typedEmail: string, authValue: string): Promise<void> {
      if (typedEmail !== user.email) throw badRequest(PROFILE_MESSAGES.emailMismatch, 'email_mismatch');
      await reauthenticate(deps, user, authValue);
      await eraseAccount(db, user);
    },
  };
}
