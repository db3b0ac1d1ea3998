import {
  PROFILE_DETAILS_PLACE,
  type ProfileDetails,
  type ProfileReply,
  profileDetailsSchema,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';

/**
 * The bio, location and phone as this browser can show them: `open` with the text, `locked` until the data
 * key is here, `unreadable` when the key here cannot open them (saved under a key from before a fresh start).
 */
export type OpenedDetails =
  | { state: 'open'; details: ProfileDetails }
  | { state: 'locked' }
  | { state: 'unreadable' };

export type ProfileView = ProfileReply & { opened: OpenedDetails };

export const NO_DETAILS: ProfileDetails = { bio: '', location: '', phone: '' };

export function encryptDetails(cipher: DataCipher, details: ProfileDetails): Promise<string> {
  return cipher.encrypt(profileDetailsSchema.parse(details), PROFILE_DETAILS_PLACE);
}

export async function openDetails(cipher: DataCipher | null, reply: ProfileReply): Promise<OpenedDetails> {
  if (reply.details === null) return { state: 'open', details: reply.readable_details ?? NO_DETAILS };
  if (!cipher) return { state: 'locked' };
  try {
    const value = await cipher.decrypt(reply.details, PROFILE_DETAILS_PLACE);
    return { state: 'open', details: profileDetailsSchema.parse(value) };
  } catch {
    return { state: 'unreadable' };
  }
}
