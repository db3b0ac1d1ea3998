/**
 * The nightly check-in, a Step 10 practice of about a minute: which circle I was in today, how I feel,
 * HALT, one line of gratitude and the Step 10 questions, all optional but the circle. One check-in a
 * calendar day; it is encrypted in the browser, and the server sees only which days have one.
 */
import { z } from 'zod';
import type { CalendarDay } from '../calendarDays.ts';
import type { CircleName } from '../circles/circles.ts';
import { FIELD_LIMITS } from '../fieldLimits.ts';

/** What the data cipher binds a day's check-in to. */
export const checkInPlace = (day: CalendarDay): string => `check-in:${day}`;

/** Outer first: the order the question offers them in. */
export const CHECK_IN_CIRCLES = ['outer', 'middle', 'inner'] as const satisfies readonly CircleName[];

export const CHECK_IN_CIRCLE_LABELS: Record<CircleName, string> = {
  outer: 'Outer circle: a healthy day',
  middle: 'Middle circle: some warning signs',
  inner: 'Inner circle: I slipped',
};

export const MOODS = [
  'peaceful',
  'hopeful',
  'okay',
  'anxious',
  'sad',
  'angry',
  'ashamed',
  'overwhelmed',
] as const;
export type Mood = (typeof MOODS)[number];
export const MOOD_LABELS: Record<Mood, string> = {
  peaceful: 'Peaceful',
  hopeful: 'Hopeful',
  okay: 'Okay',
  anxious: 'Anxious',
  sad: 'Sad',
  angry: 'Angry',
  ashamed: 'Ashamed',
  overwhelmed: 'Overwhelmed',
};
/** At most this many moods a day: the question is how I feel most, not every feeling. */
export const MAX_MOODS = 3;

export const HALT = ['hungry', 'angry', 'lonely', 'tired'] as const;
export type Halt = (typeof HALT)[number];
export const HALT_LABELS: Record<Halt, string> = {
  hungry: 'Hungry',
  angry: 'Angry',
  lonely: 'Lonely',
  tired: 'Tired',
};

export const STEP_TEN_QUESTIONS = [
  { key: 'resentful', question: 'Where was I resentful today?' },
  { key: 'selfish', question: 'Where was I selfish?' },
  { key: 'dishonest', question: 'Where was I dishonest?' },
  { key: 'afraid', question: 'Where was I afraid?' },
  { key: 'apology', question: 'Do I owe anyone an apology?' },
] as const;
export type StepTenKey = (typeof STEP_TEN_QUESTIONS)[number]['key'];

const answer = z
  .string()
  .max(FIELD_LIMITS.checkInAnswer, `An answer is at most ${FIELD_LIMITS.checkInAnswer} characters`);

export const checkInContentSchema = z.object({
  circle: z.enum(CHECK_IN_CIRCLES),
  moods: z.array(z.enum(MOODS)).max(MAX_MOODS),
  halt: z.array(z.enum(HALT)).max(HALT.length),
  gratitude: z
    .string()
    .max(FIELD_LIMITS.checkInGratitude, `Gratitude is at most ${FIELD_LIMITS.checkInGratitude} characters`),
  stepTen: z.object({
    resentful: answer.optional(),
    selfish: answer.optional(),
    dishonest: answer.optional(),
    afraid: answer.optional(),
    apology: answer.optional(),
  }),
});
export type CheckInContent = z.infer<typeof checkInContentSchema>;

export const emptyCheckIn = (circle: CircleName = 'outer'): CheckInContent => ({
  circle,
  moods: [],
  halt: [],
  gratitude: '',
  stepTen: {},
});

/** Toggles a mood, keeping at most MAX_MOODS (the oldest choice gives way). */
export function toggleMood(moods: readonly Mood[], mood: Mood): Mood[] {
  if (moods.includes(mood)) return moods.filter((m) => m !== mood);
  return [...moods, mood].slice(-MAX_MOODS);
}
