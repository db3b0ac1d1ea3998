import {
  type CheckInContent,
  type CircleName,
  HALT,
  type Halt,
  type Mood,
  STEP_TEN_QUESTIONS,
  type StepTenKey,
} from '@sam/core';

/** The check-in form as the person fills it: the circle is still to be chosen on a new day. */
export type CheckInForm = {
  circle: CircleName | null;
  moods: Mood[];
  halt: Halt[];
  gratitude: string;
  stepTen: Partial<Record<StepTenKey, string>>;
};

export function formOf(content: CheckInContent | null): CheckInForm {
  if (!content) return { circle: null, moods: [], halt: [], gratitude: '', stepTen: {} };
  return {
    circle: content.circle,
    moods: [...content.moods],
    halt: [...content.halt],
    gratitude: content.gratitude,
    stepTen: { ...content.stepTen },
  };
}

/** What a filled form saves: trimmed, empty answers left out, in a fixed order. Null without a circle. */
export function contentOf(form: CheckInForm): CheckInContent | null {
  if (!form.circle) return null;
  const stepTen: CheckInContent['stepTen'] = {};
  for (const { key } of STEP_TEN_QUESTIONS) {
    const answer = form.stepTen[key]?.trim();
    if (answer) stepTen[key] = answer;
  }
  return {
    circle: form.circle,
    moods: [...form.moods],
    halt: HALT.filter((h) => form.halt.includes(h)),
    gratitude: form.gratitude.trim(),
    stepTen,
  };
}

/** Whether two forms would save the same check-in (or are both still without a circle and empty). */
export function sameCheckIn(a: CheckInForm, b: CheckInForm): boolean {
  const ca = contentOf({ ...a, circle: a.circle ?? 'outer' });
  const cb = contentOf({ ...b, circle: b.circle ?? 'outer' });
  return a.circle === b.circle && JSON.stringify(ca) === JSON.stringify(cb);
}
