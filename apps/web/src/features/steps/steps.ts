export const STEP_COUNT = 12;
export const STEP_NUMBERS: readonly number[] = Array.from({ length: STEP_COUNT }, (_, i) => i + 1);

export const stepPath = (step: number) => `/programs/saa/12-steps/step-${step}`;
