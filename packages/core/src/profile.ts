import { typedEmailMatches } from './admin.ts';
import { AUTH_MESSAGES } from './authMessages.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { displayNameSchema, profileDetailsSchema } from './schemas/profile.ts';
import type { StepRecord } from './schemas/progress.ts';
import type { StepDefinition } from './steps/definitions.ts';
import { completedActionCount } from './steps/rules.ts';

export const PROFILE_UI_MESSAGES = {
  loadFailed: 'Failed to load profile data',
  updateFailed: 'Failed to update profile',
  saved: 'Your profile has been saved.',
  discardTitle: 'Discard your changes?',
  discardText: 'What you changed in your profile since it was last saved goes away.',
  passwordChanged: 'Your password has been changed. Use the new one the next time you sign in.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordSame: 'Please choose a new password that differs from the current one.',
  currentPasswordRequired: 'Please enter your current password.',
  accountDeletedTitle: 'Your account has been deleted',
  accountDeleted:
    'Everything you kept in SAM has been removed. Thank you for the work you did here, and take good care of yourself.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  detailsLocked: 'Unlock your writing first: your bio, location and phone are encrypted with it.',
  detailsUnreadable:
    'Your bio, location and phone were saved with a key from before you started fresh, so they cannot be shown. Edit your profile to write them again.',
  displayNameReadable: 'SAM can read your display name: your sponsor, sponsees and invitations show it.',
  detailsEncrypted: 'Encrypted on this device: only you can read your bio, location and phone.',
} as const;

/** The fields a person edits on the Profile tab. */
export const PROFILE_FIELDS = ['display_name', 'bio', 'location', 'phone'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string>;

/** Field errors of the edit form (the details are checked here, before they are encrypted); empty when it may be saved. */
export function profileFormErrors(form: ProfileForm): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  const name = displayNameSchema.safeParse(form.display_name);
  if (!name.success) errors.display_name = name.error.issues[0]?.message;
  const details = profileDetailsSchema.safeParse(form);
  for (const issue of details.success ? [] : details.error.issues) {
    const field = issue.path[0] as ProfileField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Only the fields that changed, trimmed, so an untouched field is never rewritten. */
export function profileChanges(saved: ProfileForm, form: ProfileForm): Partial<ProfileForm> {
  const changes: Partial<ProfileForm> = {};
  for (const field of PROFILE_FIELDS) {
    const value = form[field].trim();
    if (value !== saved[field]) changes[field] = value;
  }
  return changes;
}

/**
 * What Save sends: the display name if it changed, and bio, location and phone all together (they are
 * encrypted as one value) if any of them changed.
 */
export function profileSaveChanges(
  changes: Partial<ProfileForm>,
  form: ProfileForm,
): { display_name?: string; details?: { bio: string; location: string; phone: string } } {
  const { display_name, ...details } = changes;
  return {
    ...(display_name === undefined ? {} : { display_name }),
    ...(Object.keys(details).length === 0
      ? {}
      : { details: { bio: form.bio.trim(), location: form.location.trim(), phone: form.phone.trim() } }),
  };
}

/**
 * Account deletion asks for the account's e-mail: trimmed, in any letter case (the admin's rule,
 * `typedEmailMatches`), and never an empty text.
 */
export function deleteConfirmationMatches(typed: string, email: string): boolean {
  return typed.trim() !== '' && typedEmailMatches(typed, email);
}

/** The change-password form's checks, in reading order; null when it may be sent. */
export function changePasswordFormError(form: { current: string; password: string; confirm: string }) {
  if (!form.current) return PROFILE_UI_MESSAGES.currentPasswordRequired;
  if (form.password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (form.password !== form.confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (form.password === form.current) return PROFILE_UI_MESSAGES.passwordSame;
  return null;
}

export type ProgressHistoryRow = {
  stepNumber: number;
  title: string;
  name: string;
  completed: boolean;
  completedActions: number;
  totalActions: number;
  /** When the step was completed, or last worked on while still open: an ISO date or date-time. */
  lastDate: string | null;
};

/** The Progress History tab: every step with some work done, in step order. */
export function progressHistory(
  steps: readonly StepDefinition[],
  records: readonly StepRecord[],
): ProgressHistoryRow[] {
  const rows: ProgressHistoryRow[] = [];
  for (const step of steps) {
    const record = records.find((r) => r.step_number === step.number);
    if (!record) continue;
    const completedActions = completedActionCount(step, record.data.actions);
    if (completedActions === 0 && !record.completed) continue;
    rows.push({
      stepNumber: step.number,
      title: step.title,
      name: step.name,
      completed: record.completed,
      completedActions,
      totalActions: step.actions.length,
      lastDate: record.completed ? (record.completed_at ?? record.updated_at) : record.updated_at,
    });
  }
  return rows;
}
