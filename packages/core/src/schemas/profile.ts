import { z } from 'zod';
import { PERSON_NAME_PATTERN } from '../constants.ts';
import { FIELD_LIMITS } from '../fieldLimits.ts';
import { authValueSchema, kdfParamsSchema } from './auth.ts';
import { base64, emailSchema } from './common.ts';

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

export const displayNameSchema = optionalText(FIELD_LIMITS.displayName, 'Display name').refine(
  (name) => !name || PERSON_NAME_PATTERN.test(name),
  'Display name may hold letters, digits, spaces, hyphens, apostrophes and periods only',
);

/**
 * Bio, location and phone: checked in the browser, then encrypted there under the data key as one value
 * (its place is {@link PROFILE_DETAILS_PLACE}); the server stores only the ciphertext.
 */
export const profileDetailsSchema = z.object({
  bio: optionalText(FIELD_LIMITS.bio, 'Bio').default(''),
  location: optionalText(FIELD_LIMITS.location, 'Location').default(''),
  phone: z
    .string()
    .trim()
    .max(FIELD_LIMITS.phone, `Phone must be at most ${FIELD_LIMITS.phone} characters`)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone may hold digits, spaces and + ( ) - . only')
    .default(''),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;

export const PROFILE_DETAILS_PLACE = 'profile:details';

/** Room for the three fields at their limits, JSON-quoted, encrypted and in base64. */
export const MAX_PROFILE_DETAILS_CIPHERTEXT = 16_000;

const READABLE_DETAILS = ['bio', 'location', 'phone'];

/** Any other field is refused, so readable details sent by an older client are never silently dropped. */
export const profileBodySchema = z.strictObject(
  {
    display_name: displayNameSchema,
    details: base64(MAX_PROFILE_DETAILS_CIPHERTEXT, { length: 28 }).optional(),
    date_display_opted_out: z.boolean().optional(),
  },
  {
    error: (issue) =>
      issue.code !== 'unrecognized_keys'
        ? undefined
        : issue.keys.some((key) => READABLE_DETAILS.includes(key))
          ? 'Bio, location and phone are sent encrypted, as details'
          : `Unknown field: ${issue.keys.join(', ')}`,
  },
);
export type ProfileBody = z.infer<typeof profileBodySchema>;

export const profileReplySchema = z.object({
  email: z.string(),
  display_name: z.string(),
  /** The encrypted bio, location and phone; null until first saved. */
  details: z.string().nullable(),
  /**
   * Details saved before they were encrypted, still readable on the server until the owner's browser
   * encrypts them (the next time the profile is opened with the data key); null when there are none.
   */
  readable_details: profileDetailsSchema.nullable(),
  member_since: z.string(),
  last_login: z.string().nullable(),
  date_display_opted_out: z.boolean(),
});
export type ProfileReply = z.infer<typeof profileReplySchema>;

/**
 * Password change: the data key is re-wrapped in the same request, nothing re-encrypted
 * (docs/decisions/0021-the-key-hierarchy.md).
 */
export const changePasswordBodySchema = z.object({
  password: authValueSchema,
  new_password: authValueSchema,
  kdf: kdfParamsSchema,
  encryptedKey: base64(512, { length: 16 }),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Account deletion asks the person to type their e-mail and their password (sent as the auth value). */
export const deleteAccountBodySchema = z.object({ email: emailSchema, password: authValueSchema });

export const FEEDBACK_TYPES = ['General', 'Error / Bug', 'Idea'] as const;

export const feedbackBodySchema = z.object({
  userEmail: z.string().max(254).optional(),
  locationInApp: z.string().trim().max(200),
  feedbackType: z
    .enum(FEEDBACK_TYPES, { error: 'Feedback type is General, Error / Bug or Idea' })
    .default('General'),
  feedbackText: z
    .string()
    .trim()
    .min(1, 'Please write your feedback')
    .max(FIELD_LIMITS.feedbackText, `Feedback must be at most ${FIELD_LIMITS.feedbackText} characters`),
  deviceInfo: z
    .object({
      deviceType: z.string().max(40).optional(),
      browser: z.string().max(60).optional(),
      browserVersion: z.string().max(40).optional(),
      operatingSystem: z.string().max(60).optional(),
      screenResolution: z.string().max(40).optional(),
      userAgent: z.string().max(400).optional(),
    })
    .default({}),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;
