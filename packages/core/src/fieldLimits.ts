/**
 * One limit per field a person writes in, in characters as the browser counts them for `maxLength`
 * (UTF-16 code units). The form, the save check and the server schemas all read these.
 */
export const FIELD_LIMITS = {
  /** Step 1's writing: a person's Step One, often many pages, so longer than one answer. */
  stepOneWriting: 50_000,
  /** A step 2 or step 3 answer. */
  stepAnswer: 20_000,
  /** Step 3's prayer in the person's own words. */
  prayer: 20_000,
  /** A step's free notes (step 7's update). */
  stepNotes: 20_000,
  /** One character defect (step 5's list, step 6's names). */
  defectName: 200,
  /** One of step 6's three answers about a defect. */
  defectAnswer: 20_000,
  /** Any text field of an inventory entry (who, why, feeling, my part, fear, how, alternative). */
  inventoryText: 10_000,
  /** One impact or defect chosen for an inventory entry. */
  inventoryListItem: 200,
  /** Feedback to the SAM team. */
  feedbackText: 5000,
  /** One item of a person's three circles. */
  circleItem: 300,
  /** Why the circles changed, kept with the version. */
  circleReason: 500,
  /** A note about a slip, kept with the abstinence period it ended. */
  slipNote: 2000,
  /** The check-in's line of gratitude. */
  checkInGratitude: 300,
  /** One of the check-in's Step 10 answers. */
  checkInAnswer: 2000,
  displayName: 100,
  bio: 2000,
  location: 100,
  phone: 30,
} as const;

export type LimitedField = keyof typeof FIELD_LIMITS;

/** The counter under a field appears once this share of its limit is used. */
export const LIMIT_COUNTER_FROM = 0.8;

const number = (n: number) => n.toLocaleString('en-US');

/** '9,500 of 10,000 characters' once a field is near its limit, else null. */
export function limitCounterText(length: number, limit: number): string | null {
  if (length < limit * LIMIT_COUNTER_FROM) return null;
  if (length >= limit) return `${number(limit)} of ${number(limit)} characters: this is the limit`;
  return `${number(length)} of ${number(limit)} characters`;
}

/** The message for text over its limit: what the limit is and how much to shorten. */
export function overLimitMessage(label: string, length: number, limit: number): string {
  const over = length - limit;
  return `"${label}" is ${number(length)} characters long; the limit is ${number(limit)}. Please shorten it by ${number(over)} character${over === 1 ? '' : 's'} to save it.`;
}

/** null when `value` fits its limit, else the message to show. */
export function limitProblem(label: string, value: string | null | undefined, limit: number): string | null {
  const length = (value ?? '').length;
  return length > limit ? overLimitMessage(label, length, limit) : null;
}

/** Thrown by a save that finds text over its limit; nothing is sent and the text stays where it is. */
export class FieldLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldLimitError';
  }
}
