import type { ComponentType } from 'react';
import type { StepToolsProps } from './stepTools.ts';

/** A step's own tools, shown under the action they belong to: action id -> section. */
export type StepSections = Readonly<Record<number, ComponentType<StepToolsProps>>>;

const NONE: StepSections = {};

/** Each step's tools, by step: step -> its sections, loaded when its page is. */
const ACTION_SECTIONS: Readonly<Record<number, () => Promise<StepSections>>> = {
  1: async () => ({ 3: (await import('./Step1Section.tsx')).Step1Section }),
  2: async () => ({ 3: (await import('./QuestionsSection.tsx')).QuestionsSection }),
  3: async () => {
    const { PrayerSection, QuestionsSection } = await import('./QuestionsSection.tsx');
    return { 3: QuestionsSection, 4: PrayerSection };
  },
  4: async () => ({ 3: (await import('./Step4Section.tsx')).Step4Section }),
  5: async () => ({ 3: (await import('./Step5Section.tsx')).Step5Section }),
  6: async () => ({ 3: (await import('./Step6Section.tsx')).Step6Section }),
  7: async () => ({ 3: (await import('./Step7Section.tsx')).Step7Section }),
};

/**
 * A step's tools, loaded with its page (app/routes.tsx), so each step page fetches its own tools only:
 * step 1 does not download step 4's inventory or step 6's defect lists.
 */
export function loadStepSections(step: number): Promise<StepSections> {
  return ACTION_SECTIONS[step]?.() ?? Promise.resolve(NONE);
}
